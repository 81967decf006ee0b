import type { Db } from "../../db/client";
import type { DomainEvent } from "../jobs/domain-events";
import { enqueueMail } from "../mail/mail.service";
import { orderConfirmationMail } from "./order-mails";
import { findStoreName } from "../stores/stores.service";
import * as repository from "./orders.repository";
import { toOrder } from "./orders.service";

/**
 * The job that answers "payment.captured": queues the order's confirmation email, once. The order is marked
 * mailed in the same transaction as the mail is queued, so a retried job (or a second capture event) finds it
 * done and sends nothing.
 */
export async function mailOrderConfirmation(db: Db, event: DomainEvent<"payment.captured">, deps: { storefrontUrl: string }) {
  return db.transaction(async (tx) => {
    const order = await repository.claimConfirmationMail(tx, { storeId: event.storeId, orderId: event.orderId });
    if (!order) return false;
    const found = await repository.findOrderForOwner(tx, {
      storeId: event.storeId,
      orderId: order.id,
      ...(order.customerId !== null ? { customerId: order.customerId } : { anonymousId: order.anonymousId ?? "" }),
    });
    const storeName = await findStoreName(tx, event.storeId);
    if (!found || storeName === null) return false;
    await enqueueMail(
      tx,
      orderConfirmationMail(
        { storeId: event.storeId, storeName, storefrontUrl: deps.storefrontUrl.replace(/\/+$/, "") },
        { ...toOrder(found), firstName: order.firstName },
      ),
    );
    return true;
  });
}
