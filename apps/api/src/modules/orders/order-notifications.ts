import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { DomainEvent } from "../jobs/domain-events";
import { enqueueMail } from "../mail/outbox.repository";
import { stores } from "../stores/stores.tables";
import { orderConfirmationMail } from "./order-mails";
import * as repository from "./orders.repository";
import { toOrder } from "./orders.service";
import { orders } from "./orders.tables";

/**
 * The job that answers "payment.captured": queues the order's confirmation email, once. The order is marked
 * mailed in the same transaction as the mail is queued, so a retried job (or a second capture event) finds it
 * done and sends nothing.
 */
export async function mailOrderConfirmation(db: Db, event: DomainEvent<"payment.captured">, deps: { storefrontUrl: string }) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({ confirmationMailedAt: sql`now()` })
      .where(and(eq(orders.id, event.orderId), eq(orders.storeId, event.storeId), isNull(orders.confirmationMailedAt)))
      .returning({ id: orders.id, customerId: orders.customerId, anonymousId: orders.anonymousId, firstName: orders.firstName });
    const order = claimed[0];
    if (!order) return false;
    const found = await repository.findOrderForOwner(tx, {
      storeId: event.storeId,
      orderId: order.id,
      ...(order.customerId !== null ? { customerId: order.customerId } : { anonymousId: order.anonymousId ?? "" }),
    });
    const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, event.storeId));
    if (!found || !store) return false;
    await enqueueMail(
      tx,
      orderConfirmationMail(
        { storeId: event.storeId, storeName: store.name, storefrontUrl: deps.storefrontUrl.replace(/\/+$/, "") },
        { ...toOrder(found), firstName: order.firstName },
      ),
    );
    return true;
  });
}
