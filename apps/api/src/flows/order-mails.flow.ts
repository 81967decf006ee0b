import type { Db } from "../db/client";
import type { DomainEvent } from "../modules/jobs/domain-events";
import type { OrderLinkDeps } from "../modules/orders/order-links";
import { mailOrderCancelled, mailRefundIssued } from "../modules/orders/order-notifications";
import { findRefundToSettle } from "../modules/payments/refunds.service";

/*
 * The order mails that speak of money: the order is the orders module's, the refund the payments module's, so the
 * jobs that send them read the refund here and hand it to the orders module's mail.
 */

/** A refund as its mails tell it: the amount and the way it was paid. */
function refundTold(settled: NonNullable<Awaited<ReturnType<typeof findRefundToSettle>>>) {
  return {
    amount: { amount: settled.refund.amount, currencyCode: settled.refund.currencyCode },
    provider: settled.payment.provider,
  };
}

/** "order.cancelled": the buyer's mail, with the refund the cancellation recorded (if any). */
export async function mailCancelledOrder(db: Db, event: DomainEvent<"order.cancelled">, links: OrderLinkDeps) {
  const settled = event.refundId === null ? null : await findRefundToSettle(db, event.refundId);
  return mailOrderCancelled(db, event, links, settled ? refundTold(settled) : null);
}

/** "refund.succeeded": the buyer's mail about the money on its way back. */
export async function mailIssuedRefund(db: Db, event: DomainEvent<"refund.succeeded">, links: OrderLinkDeps) {
  const settled = await findRefundToSettle(db, event.refundId);
  const refund = settled && { ...refundTold(settled), id: settled.refund.id, reason: settled.refund.reason };
  return mailRefundIssued(db, event, links, refund);
}
