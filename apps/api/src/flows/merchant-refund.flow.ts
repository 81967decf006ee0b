import { createHash } from "node:crypto";
import { formatMoney } from "@quire/money";
import { AppError } from "../http/errors";
import { recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { requireLockedOrder } from "../modules/orders/order-changes.service";
import { findCapturedPayment } from "../modules/payments/payments.service";
import { findRefundBySource, recordRefund, refundableOfPayment } from "../modules/payments/refunds.service";
import type { TransitionActor } from "../modules/state-machines/state-machine";
import type { MoneyFlowDeps } from "./flow-deps";
import { settleRefund } from "./refund.flow";

/** The order statuses a merchant may refund: paid, whether or not it has shipped or arrived. */
const REFUNDABLE_STATUSES = new Set(["confirmed", "shipped", "delivered"]);

/**
 * POST /admin/orders/:id/refunds: the merchant gives back part or all of what a paid order's captured payment
 * still holds (a goodwill gesture, a missing item). Through the one refund (decision 040): recorded pending in a
 * transaction holding the order's lock, with its audit entry, then paid by the refund flow once that has
 * committed. The order's lock orders two refunds of one order, so the second reads what the first took and
 * cannot give back more than the payment holds. The refund's source is made from the request's Idempotency-Key
 * (and whose key it is), so a request repeated after its process died before keeping its answer finds the refund the
 * first one recorded instead of making a second. Answers the refund's id.
 */
export async function refundOrderForMerchant(
  deps: MoneyFlowDeps,
  write: AdminWrite,
  input: {
    orderId: number;
    actor: TransitionActor;
    amount: { amount: number; currencyCode: string };
    note?: string | undefined;
    /** The Idempotency-Key with its scope (the member, token or key that sent it). */
    requestKey: string;
  },
): Promise<number> {
  const source = `merchant:${input.orderId}:${createHash("sha256").update(input.requestKey).digest("hex").slice(0, 32)}`;
  const refundId = await deps.db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, { storeId: write.storeId, orderId: input.orderId });
    const made = await findRefundBySource(tx, source);
    if (made) return made.id;
    if (input.amount.amount <= 0) throw new AppError("refund_amount_not_positive");
    if (input.amount.currencyCode !== order.currencyCode) {
      throw new AppError("refund_currency_mismatch", `This order was paid in ${order.currencyCode}`);
    }
    if (!REFUNDABLE_STATUSES.has(order.status)) {
      throw new AppError("invalid_state_transition", `An order ${order.status.replace(/_/g, " ")} has no payment to refund`);
    }
    const payment = await findCapturedPayment(tx, order.id);
    if (!payment) throw new AppError("invalid_state_transition", "This order has no captured payment left to refund");
    const { remaining } = await refundableOfPayment(tx, payment);
    if (input.amount.amount > remaining) {
      throw new AppError(
        "refund_amount_too_high",
        `At most ${formatMoney(remaining, payment.currencyCode)} of this order's payment is left to refund`,
      );
    }
    const refund = await recordRefund(tx, {
      payment,
      reason: "merchant_refund",
      source,
      amount: input.amount.amount,
      note: input.note ?? null,
    });
    await recordAdminWrite(tx, write, {
      type: "refund",
      id: refund.id,
      changes: {
        orderId: { before: null, after: order.id },
        amount: { before: null, after: refund.amount },
        currencyCode: { before: null, after: refund.currencyCode },
        note: { before: null, after: refund.note },
      },
    });
    return refund.id;
  });
  await settleRefund(deps, refundId, input.actor);
  return refundId;
}
