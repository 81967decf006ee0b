import { formatMoney } from "@quire/money";
import { AppError } from "../http/errors";
import { requireLockedOrder } from "../modules/orders/order-changes.service";
import { findCapturedPayment } from "../modules/payments/payments.service";
import { findRefundBySource, recordRefund, refundableOfPayment } from "../modules/payments/refunds.service";
import {
  getAdminWithdrawal,
  startWithdrawalRefund,
  withdrawalRefundSource,
  type AdminWithdrawalContext,
} from "../modules/returns/withdrawals.service";
import type { MoneyFlowDeps } from "./flow-deps";
import { settleRefund } from "./refund.flow";

/**
 * PUT /admin/withdrawals/:id/refund: the merchant refunds a withdrawal (decision 061), before or after the goods are
 * back. The refund is recorded against the order's captured payment in one transaction with the order locked first
 * (decision 040), and the withdrawal moves to refunding; the refund flow pays it once that has committed, outside any
 * transaction, and the withdrawal is refunded when the money has gone back (a failed refund stays for the merchant to
 * try again from the Refunds page). A second call finds the withdrawal refunding and records nothing (409).
 */
export async function refundWithdrawalFlow(deps: MoneyFlowDeps, ctx: AdminWithdrawalContext, withdrawalId: number) {
  const recorded: { refundId?: number } = {};
  const { orderId } = await getAdminWithdrawal(deps.db, { storeId: ctx.storeId, withdrawalId });
  await deps.db.transaction(async (tx) => {
    await requireLockedOrder(tx, { storeId: ctx.storeId, orderId });
    await startWithdrawalRefund(tx, ctx, withdrawalId, async (row) => {
      const payment = await findCapturedPayment(tx, row.orderId);
      if (!payment) throw new AppError("invalid_state_transition", "The order has no captured payment to refund");
      const { remaining } = await refundableOfPayment(tx, payment);
      if (row.amount > remaining && !(await findRefundBySource(tx, withdrawalRefundSource(row.id)))) {
        throw new AppError(
          "refund_amount_too_high",
          `Only ${formatMoney(remaining, payment.currencyCode)} of this order's payment is left to refund; refund the rest from the gateway's dashboard`,
        );
      }
      const refund = await recordRefund(tx, { payment, reason: "withdrawal", source: withdrawalRefundSource(row.id), amount: row.amount });
      recorded.refundId = refund.id;
    });
  });
  if (recorded.refundId !== undefined) await settleRefund(deps, recorded.refundId, ctx.actor);
  return getAdminWithdrawal(deps.db, { storeId: ctx.storeId, withdrawalId });
}
