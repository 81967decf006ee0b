import type { Db } from "../../db/client";
import type { DomainEvent } from "../jobs/domain-events";
import { enqueueMail } from "../mail/mail.service";
import { orderLinksOf, type OrderLinkDeps } from "./order-links";
import {
  bankTransferOrderMail,
  refundIssuedMail,
  orderCancelledMail,
  type CancelledOrderRefund,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
} from "./order-mails";
import { findStoreBankDetails, findStoreName } from "../stores/stores.service";
import * as repository from "./orders.repository";
import { returnWindowOf, toOrder } from "./orders.service";

/**
 * The job that answers "payment.captured": queues the order's confirmation email, once. The order is marked
 * mailed in the same transaction as the mail is queued, so a retried job (or a second capture event) finds it
 * done and sends nothing.
 */
export async function mailOrderConfirmation(db: Db, event: DomainEvent<"payment.captured">, deps: OrderLinkDeps) {
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
    await enqueueMail(tx, {
      ...orderConfirmationMail(
        { storeId: event.storeId, storeName, orderUrl: orderLinksOf(deps, { storeId: event.storeId, orderId: order.id }).orderUrl },
        { ...toOrder(found), firstName: order.firstName },
      ),
      orderId: order.id,
    });
    return true;
  });
}

/**
 * The job that answers "payment.proforma_issued": queues the bank-transfer order's mail (what to pay, where, by
 * when, with the proforma invoice's link). Once per order: the outbox refuses its key a second time, so a retried
 * job or a second invoice for the order sends nothing more. Answers whether it queued one.
 */
export async function mailBankTransferOrder(db: Db, event: DomainEvent<"payment.proforma_issued">, deps: OrderLinkDeps) {
  const found = await repository.findStoreOrder(db, { storeId: event.storeId, orderId: event.orderId });
  const facts = found ? await repository.findProformaFacts(db, found.order.id) : null;
  const store = await findStoreBankDetails(db, event.storeId);
  if (!found || !facts || !store?.bank || found.order.status !== "awaiting_payment") return false;
  const links = orderLinksOf(deps, { storeId: event.storeId, orderId: found.order.id });
  await enqueueMail(db, {
    ...bankTransferOrderMail(
      { storeId: event.storeId, storeName: store.name, orderUrl: links.orderUrl, proformaUrl: links.proformaUrl },
      { ...toOrder(found), firstName: found.order.firstName },
      { bank: store.bank, dueBy: facts.dueBy },
    ),
    orderId: found.order.id,
  });
  return true;
}

/**
 * The job that answers "order.shipped": mails the buyer the tracking reference, once per reference (the outbox
 * refuses its key again). An order no longer shipped when the job runs (delivered meanwhile) is still told.
 */
export async function mailOrderShipped(db: Db, event: DomainEvent<"order.shipped">, deps: OrderLinkDeps) {
  const found = await repository.findStoreOrder(db, { storeId: event.storeId, orderId: event.orderId });
  const storeName = await findStoreName(db, event.storeId);
  if (!found?.order.trackingReference || storeName === null) return false;
  const { order } = found;
  const orderUrl = orderLinksOf(deps, { storeId: event.storeId, orderId: order.id }).orderUrl;
  await enqueueMail(db, {
    ...orderShippedMail({ storeId: event.storeId, storeName, orderUrl }, { ...order, trackingReference: order.trackingReference! }),
    orderId: order.id,
  });
  return true;
}

/** The job that answers "order.delivered": mails the buyer, once, with until when they may return the order. */
export async function mailOrderDelivered(db: Db, event: DomainEvent<"order.delivered">, deps: OrderLinkDeps) {
  const found = await repository.findStoreOrder(db, { storeId: event.storeId, orderId: event.orderId });
  const storeName = await findStoreName(db, event.storeId);
  if (!found || found.order.status !== "delivered" || storeName === null) return false;
  const { order } = found;
  const orderUrl = orderLinksOf(deps, { storeId: event.storeId, orderId: order.id }).orderUrl;
  await enqueueMail(db, {
    ...orderDeliveredMail({ storeId: event.storeId, storeName, orderUrl }, { ...order, returnableUntil: returnWindowOf(order) }),
    orderId: order.id,
  });
  return true;
}

/**
 * The job that answers "order.cancelled": mails the buyer, once, who cancelled and whether and how the money comes
 * back. The refund (its amount, and the way it was paid) is the payments module's: the flow that runs this job
 * reads it there (flows/order-mails.flow.ts).
 */
export async function mailOrderCancelled(
  db: Db,
  event: DomainEvent<"order.cancelled">,
  deps: OrderLinkDeps,
  refund: CancelledOrderRefund | null,
) {
  const found = await repository.findStoreOrder(db, { storeId: event.storeId, orderId: event.orderId });
  const storeName = await findStoreName(db, event.storeId);
  if (!found || storeName === null) return false;
  const orderUrl = orderLinksOf(deps, { storeId: event.storeId, orderId: found.order.id }).orderUrl;
  await enqueueMail(db, {
    ...orderCancelledMail({ storeId: event.storeId, storeName, orderUrl }, found.order, { by: event.by, refund }),
    orderId: found.order.id,
  });
  return true;
}

/**
 * The job that answers "refund.succeeded": mails the buyer the refund's amount, way and timing, once per refund
 * (the refund read from the payments module by flows/order-mails.flow.ts; null when it is not there).
 */
export async function mailRefundIssued(db: Db, event: DomainEvent<"refund.succeeded">, deps: OrderLinkDeps, refund: IssuedRefund | null) {
  const found = await repository.findStoreOrder(db, { storeId: event.storeId, orderId: event.orderId });
  const storeName = await findStoreName(db, event.storeId);
  if (!found || !refund || storeName === null) return false;
  const orderUrl = orderLinksOf(deps, { storeId: event.storeId, orderId: found.order.id }).orderUrl;
  await enqueueMail(db, {
    ...refundIssuedMail({ storeId: event.storeId, storeName, orderUrl }, found.order, refund),
    orderId: found.order.id,
  });
  return true;
}

/** What the refund mail says of a refund: its amount, the way the money goes back, and what it was for. */
export type IssuedRefund = Parameters<typeof refundIssuedMail>[2];
