import type { RefundStatus } from "@quire/contracts";
import { findOrderParties, lockOrderForChange } from "../modules/orders/order-changes.service";
import { AppError } from "../http/errors";
import { GatewayUnavailable } from "../modules/payments/gateways/payment-gateway";
import { hostedGateway } from "../modules/payments/payments.service";
import {
  countRefundCall,
  findPendingRefunds,
  findRefundToSettle,
  giveCreditBack,
  lockRefund,
  noteRefundFailure,
  recordRefundOutcome,
  refundIdempotencyKey,
  reopenFailedRefund,
  type RefundRow,
} from "../modules/payments/refunds.service";
import { markReturnRefunded } from "../modules/returns/returns.service";
import { markWithdrawalRefunded } from "../modules/returns/withdrawals.service";
import type { TransitionActor } from "../modules/state-machines/state-machine";
import type { MoneyFlowDeps } from "./flow-deps";

/*
 * One refund, for every reason (decision 040): an order cancelled after it was paid, a return approved, a
 * capture the shop did not want. Whoever decides a refund records it `pending` in their own transaction and
 * commits; then `settleRefund` calls the gateway outside any transaction, with an idempotency key derived from
 * the refund's id, and records the outcome in a second transaction. On account, giving the credit back is the
 * "call"; a bank transfer is owed until the merchant pays it back. A refund left pending (a crash between the
 * phases, a gateway that did not answer) is settled again by the retry job, which asks the gateway first.
 */

/** A gateway that has failed this many calls for one refund is not asked again: the refund failed. */
export const MAX_REFUND_CALLS = 5;

/** How long a refund may stay pending before the retry job takes it: time for the first settlement to finish. */
export const PENDING_REFUND_GRACE_MS = 60_000;

type Outcome = { status: "succeeded"; reference: string | null } | { status: "failed"; failureReason: string } | { status: "owed" };

/**
 * Settles a refund recorded pending: asks its gateway (or gives the credit back, or marks a bank transfer owed)
 * and records the outcome. Answers the refund's status afterwards: still `pending` when the gateway did not
 * answer (the retry job tries again). Safe to call twice at once: the outcome is recorded under the refund's
 * lock, once, and the gateway's idempotency key makes a second call the same refund.
 */
export async function settleRefund(deps: MoneyFlowDeps, refundId: number, actor: TransitionActor): Promise<RefundStatus> {
  const found = await findRefundToSettle(deps.db, refundId);
  if (!found) throw new Error(`Refund ${refundId} does not exist`);
  const { refund, payment } = found;
  if (refund.status !== "pending") return refund.status;

  if (payment.provider === "on-account") {
    return record(deps, refundId, actor, { status: "succeeded", reference: null }, async (tx, locked) => {
      const order = await findOrderParties(tx, locked.refund.orderId);
      if (!order?.customerId) throw new Error(`The on-account order of refund ${refundId} has no customer`);
      await giveCreditBack(tx, { customerId: order.customerId, currencyCode: locked.refund.currencyCode, amount: locked.refund.amount });
    });
  }
  if (payment.provider === "proforma-invoice") return record(deps, refundId, actor, { status: "owed" });

  const gateway = hostedGateway(deps.gateways, payment.provider);
  if (!gateway || !payment.providerReference) {
    const failureReason = `${payment.provider} is not configured here: refund this payment in its dashboard`;
    return record(deps, refundId, actor, { status: "failed", failureReason });
  }
  const callsBefore = await countRefundCall(deps.db, refundId);
  try {
    const request = {
      reference: payment.providerReference,
      paymentReference: payment.providerPaymentReference,
      amount: refund.amount,
      currencyCode: refund.currencyCode,
      idempotencyKey: refundIdempotencyKey(refund),
      refundId: String(refund.id),
    };
    // Asked before: the gateway may have made it already (its answer lost in a crash), so look before asking
    // again. Where the gateway cannot be asked, the same idempotency key keeps a second request the same refund.
    const lookup = callsBefore > 0 ? await gateway.findRefund(request) : null;
    const made = lookup?.outcome === "found" ? lookup.refund : await gateway.refund(request);
    // A refund the gateway accepted and will carry out (Adyen answers "received") counts as made: the money is
    // the gateway's to send back now, and its reference is kept for the merchant.
    const outcome: Outcome =
      made.status === "failed"
        ? { status: "failed", failureReason: `${gateway.id} refused the refund ${made.reference}` }
        : { status: "succeeded", reference: made.reference };
    return await record(deps, refundId, actor, outcome);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    const failureReason = error.message.slice(0, 500);
    deps.log?.warn({ refundId, provider: payment.provider, calls: callsBefore + 1 }, "refund: the gateway did not take it");
    if (callsBefore + 1 >= MAX_REFUND_CALLS) return record(deps, refundId, actor, { status: "failed", failureReason });
    await noteRefundFailure(deps.db, refundId, failureReason);
    return "pending";
  }
}

/**
 * Records a refund's outcome in a transaction of its own, with the refund locked: nothing when another call
 * recorded one first. `before` runs first in the same transaction (on account: the credit given back). A refund
 * for a return that succeeded, or is owed by the merchant, settles the return.
 */
async function record(
  deps: MoneyFlowDeps,
  refundId: number,
  actor: TransitionActor,
  outcome: Outcome,
  before?: (tx: MoneyFlowDeps["db"], locked: NonNullable<Awaited<ReturnType<typeof lockRefund>>>) => Promise<void>,
): Promise<RefundStatus> {
  const status = await deps.db.transaction(async (tx) => {
    const known = await findRefundToSettle(tx, refundId);
    if (!known) throw new Error(`Refund ${refundId} does not exist`);
    await lockOrderForChange(tx, { storeId: known.refund.storeId, orderId: known.refund.orderId });
    const locked = await lockRefund(tx, refundId);
    if (!locked) throw new Error(`Refund ${refundId} does not exist`);
    if (locked.refund.status !== "pending") return locked.refund.status;
    await before?.(tx, locked);
    await recordRefundOutcome(tx, locked, outcome, actor);
    if (outcome.status !== "failed") await settleWhatTheRefundWasFor(deps, tx, locked.refund, actor);
    return outcome.status;
  });
  deps.log?.info({ refundId, status }, "refund settled");
  return status;
}

/**
 * POST /admin/refunds/:id/retry: a refund its gateway refused (or that failed every call) asked again, as a new
 * request under a key of its own. Reopened pending under the order's lock (so a merchant's refund of the same order
 * cannot take the same remainder meanwhile), then settled like any refund once that has committed: the buyer is
 * mailed, and a return's refund settles its return, when it succeeds. A retry the merchant already made (`retries`
 * has moved on) is not made again. Answers the refund's status afterwards.
 */
export async function retryFailedRefund(
  deps: MoneyFlowDeps,
  input: { storeId: number; refundId: number; retries: number; actor: TransitionActor },
): Promise<RefundStatus> {
  const found = await findRefundToSettle(deps.db, input.refundId);
  if (!found || found.refund.storeId !== input.storeId) throw new AppError("refund_not_found");
  const reopened = await deps.db.transaction(async (tx) => {
    await lockOrderForChange(tx, { storeId: input.storeId, orderId: found.refund.orderId });
    return reopenFailedRefund(tx, input);
  });
  return reopened ? settleRefund(deps, input.refundId, input.actor) : found.refund.status;
}

/** What a refund was for is done once it is paid: a return's refund settles the return, a withdrawal's the withdrawal. */
async function settleWhatTheRefundWasFor(deps: MoneyFlowDeps, tx: MoneyFlowDeps["db"], refund: RefundRow, actor: TransitionActor) {
  if (refund.reason === "withdrawal") {
    const withdrawalId = Number(refund.source.slice("withdrawal:".length));
    await markWithdrawalRefunded(tx, { storeId: refund.storeId, withdrawalId, actor });
    return;
  }
  if (refund.reason !== "return") return;
  const returnId = Number(refund.source.slice("return:".length));
  await markReturnRefunded(tx, { storeId: refund.storeId, returnId, actor, storefrontUrl: deps.storefrontUrl });
}

/**
 * The retry job's round: refunds pending for longer than a first settlement takes (a crash between recording
 * and calling, a gateway that did not answer) are settled again, each once per round, oldest first. Answers how
 * many were looked at.
 */
export async function settlePendingRefunds(deps: MoneyFlowDeps, input: { olderThan: Date; limit: number }): Promise<number> {
  const pending = await findPendingRefunds(deps.db, { before: input.olderThan, limit: input.limit });
  // One refund that cannot be settled (a bug, a row gone wrong) must not hold back the others: each is tried,
  // and the round fails afterwards, visibly, with what went wrong.
  const errors: unknown[] = [];
  for (const { id } of pending) {
    try {
      await settleRefund(deps, id, { type: "system" });
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${pending.length} pending refunds could not be settled`);
  return pending.length;
}
