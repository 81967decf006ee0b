import { findCapturedPayment } from "../modules/payments/payments.service";
import { formatMoney } from "@quire/money";
import { requireLockedOrder } from "../modules/orders/order-changes.service";
import { findRefundBySource, recordRefund, refundableOfPayment } from "../modules/payments/refunds.service";
import { AppError } from "../http/errors";
import { approveReturn, getAdminReturn, returnRefundSource, type AdminReturnContext } from "../modules/returns/returns.service";
import type { MoneyFlowDeps } from "./flow-deps";
import { settleRefund } from "./refund.flow";

/**
 * PUT /admin/order-returns/:id/approve: the merchant accepts a received return and it is settled as the customer
 * asked. Store credit and exchanges are the returns module's own. A refund is recorded against the order's
 * captured payment in the approval's transaction, then paid by the refund flow once that has committed: the
 * return is refunded when the money has gone back, and stays approved (its refund pending, retried by the job, or
 * failed for the merchant to see) when it has not. A retried approval finds the return approved and the
 * refund recorded once.
 */
export async function approveReturnFlow(deps: MoneyFlowDeps, ctx: AdminReturnContext, returnId: number) {
  const recorded: { refundId?: number } = {};
  const { orderId } = await getAdminReturn(deps.db, { storeId: ctx.storeId, returnId });
  // The order is locked first, as every path that records a refund locks it (decision 040), so a merchant's refund
  // of the same order at the same moment waits, and what remains refundable is read once.
  await deps.db.transaction(async (tx) => {
    await requireLockedOrder(tx, { storeId: ctx.storeId, orderId });
    await approveReturn(tx, ctx, returnId, async (inner, row) => {
      const payment = await findCapturedPayment(inner, row.orderId);
      if (!payment) {
        throw new AppError("invalid_state_transition", "The order has no captured payment to refund; settle this return as store credit");
      }
      // The shop's own refunds of the order may have given part of it back already.
      const { remaining } = await refundableOfPayment(inner, payment);
      if (row.amount > remaining && !(await findRefundBySource(inner, returnRefundSource(row.id)))) {
        throw new AppError(
          "refund_amount_too_high",
          `Only ${formatMoney(remaining, payment.currencyCode)} of this order's payment is left to refund; settle this return as store credit`,
        );
      }
      const refund = await recordRefund(inner, { payment, reason: "return", source: returnRefundSource(row.id), amount: row.amount });
      recorded.refundId = refund.id;
    });
  });
  if (recorded.refundId !== undefined) await settleRefund(deps, recorded.refundId, ctx.actor);
  return getAdminReturn(deps.db, { storeId: ctx.storeId, returnId });
}
