import type { AdminRefund, RefundReason, RefundStatus } from "@quire/contracts";
import { formatMoney, money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { publishEvent } from "../jobs/job-queue";
import { listTransitionsOf, transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { paymentMachine } from "./payment-status";
import * as payments from "./payments.repository";
import { paymentRefunds, payments as paymentsTable } from "./payments.tables";
import { refundMachine } from "./refund-status";
import * as repository from "./refunds.repository";

/*
 * Refunds as the payments module keeps them (decision 040). The module records and reads them and moves their
 * status; calling the gateway between two of its transactions is the refund flow's work (flows/refund.flow.ts).
 */

export type { RefundRow } from "./refunds.repository";

/**
 * The idempotency key a refund carries to its gateway: its own id, so the same refund is never paid twice; and the
 * retry's number once the merchant had a failed one tried again, as a new request the gateway must not answer from
 * the failed one's record.
 */
export function refundIdempotencyKey(refund: { id: number; retries: number }): string {
  return refund.retries === 0 ? `quire-refund-${refund.id}` : `quire-refund-${refund.id}-retry-${refund.retries}`;
}

/**
 * Records money going back for a captured payment, pending, in the caller's transaction: once per source (a
 * second call for the same source answers the first's row, whatever its status now).
 */
export function recordRefund(
  tx: Db,
  input: { payment: payments.PaymentRow; reason: RefundReason; source: string; amount: number; note?: string | null },
): Promise<repository.RefundRow> {
  if (input.amount <= 0) throw new Error("A refund gives back a positive amount");
  return repository.insertRefundOnce(tx, {
    storeId: input.payment.storeId,
    orderId: input.payment.orderId,
    paymentId: input.payment.id,
    reason: input.reason,
    source: input.source,
    amount: input.amount,
    currencyCode: input.payment.currencyCode,
    note: input.note ?? null,
  });
}

/**
 * What a captured payment still holds to give back: its amount less every refund of it that has not failed
 * (pending, owed and succeeded ones all hold their amount). Read under the order's lock, which every path that
 * records a refund takes first, so two refunds cannot both take the same remainder.
 */
export async function refundableOfPayment(tx: Db, payment: payments.PaymentRow) {
  return { remaining: Math.max(0, payment.amount - (await repository.sumHeldByRefunds(tx, payment.id))) };
}

/** The refund recorded for a source (an order's cancellation, a return), if any. */
export const findRefundBySource = repository.findRefundBySource;
/** The refunds recorded for these sources, by source (a page of withdrawals), in one statement. */
export const findRefundsBySources = repository.findRefundsBySources;

/** A refund and the payment it gives back, locked for its outcome to be recorded. */
export const lockRefund = repository.lockRefund;

/** A refund and the payment it gives back, as they stand (read before the gateway is called). */
export const findRefundToSettle = repository.findRefundWithPayment;

/** Counts a call to the gateway about to be made for a refund; answers how many were made before this one. */
export async function countRefundCall(db: Db, refundId: number): Promise<number> {
  return (await repository.countRefundAttempt(db, refundId)) - 1;
}

/** Keeps why the last call for a refund failed, for the merchant, while it stays pending. */
export const noteRefundFailure = repository.setRefundFailure;

/** Refunds left pending since before `before` (oldest first), for the retry job. */
export const findPendingRefunds = repository.findPendingRefunds;

/**
 * Records a refund's outcome, in the caller's transaction with the refund locked (lockRefund): succeeded with
 * the gateway's reference, failed with the reason, or owed (a bank transfer the merchant pays back). A refund
 * of the whole payment (a cancelled order, a capture given back) moves a captured payment to refunded.
 */
export async function recordRefundOutcome(
  tx: Db,
  locked: { refund: repository.RefundRow; payment: payments.PaymentRow },
  outcome: { status: "succeeded"; reference: string | null } | { status: "failed"; failureReason: string } | { status: "owed" },
  actor: TransitionActor,
): Promise<void> {
  const { refund, payment } = locked;
  const also =
    outcome.status === "succeeded"
      ? sql`provider_reference = ${outcome.reference}, failure_reason = null, updated_at = now()`
      : outcome.status === "failed"
        ? sql`failure_reason = ${outcome.failureReason}, updated_at = now()`
        : sql`updated_at = now()`;
  await transition(tx, refundMachine, paymentRefunds, {
    entityId: refund.id,
    from: refund.status,
    to: outcome.status,
    actor,
    reason: outcome.status === "failed" ? outcome.failureReason : `${refund.reason.replace(/_/g, " ")}: ${outcome.status}`,
    alsoSet: also,
  });
  // The buyer's "refund issued" mail, queued with the outcome.
  if (outcome.status === "succeeded") {
    await publishEvent(tx, { type: "refund.succeeded", storeId: refund.storeId, orderId: refund.orderId, refundId: refund.id });
  }
  const wholePayment = refund.reason !== "return" && refund.amount === payment.amount;
  if (outcome.status !== "failed" && wholePayment && payment.status === "captured") {
    await transition(tx, paymentMachine, paymentsTable, {
      entityId: payment.id,
      from: "captured",
      to: "refunded",
      actor,
      reason: `refunded: ${REFUNDED_BECAUSE[refund.reason]}`,
      alsoSet: sql`updated_at = now()`,
    });
  }
}

/** Why a payment was given back whole, as its history says it. */
const REFUNDED_BECAUSE: Record<RefundReason, string> = {
  order_cancelled: "order cancelled",
  return: "items returned",
  capture_given_back: "capture given back",
  merchant_refund: "refunded by the shop",
  withdrawal: "withdrawn from by the buyer",
};

/** Gives an on-account payment's amount back to its customer's credit (the refund's "call" for on account). */
export function giveCreditBack(tx: Db, input: { customerId: number; currencyCode: string; amount: number }) {
  return payments.giveCreditBack(tx, input);
}

function toAdminRefund(
  row: { refund: repository.RefundRow; publicPaymentId: string; provider: AdminRefund["paymentProviderId"] },
  orderPublicId: string,
): AdminRefund {
  const { refund } = row;
  return {
    id: refund.id,
    orderId: refund.orderId,
    orderPublicId,
    publicPaymentId: row.publicPaymentId,
    paymentProviderId: row.provider,
    reason: refund.reason,
    status: refund.status,
    amount: money(refund.amount, refund.currencyCode),
    providerReference: refund.providerReference,
    failureReason: refund.failureReason,
    note: refund.note,
    retries: refund.retries,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
}

/**
 * The status changes of several refunds (an order's), oldest first, in one statement (what the order's history
 * shows of them); none asked, none read.
 */
export async function listRefundsHistory(db: Db, refundIds: readonly number[]) {
  return refundIds.length === 0 ? [] : listTransitionsOf(db, refundMachine.name, refundIds);
}

/** An order's refunds as the merchant reads them, oldest first. */
export async function listOrderRefunds(db: Db, order: { id: number; publicId: string }): Promise<AdminRefund[]> {
  const rows = await repository.listOrderRefunds(db, order.id);
  return rows.map((row) => toAdminRefund(row, order.publicId));
}

/**
 * A store's refunds, newest first, as the merchant reads them; `orderNumbers` gives the order numbers of the
 * orders they belong to (the orders module's to answer).
 */
export async function listStoreRefunds(
  db: Db,
  input: { storeId: number; status?: RefundStatus; reason?: RefundReason; PageNumber: number; PageSize: number },
  orderNumbers: (orderIds: number[]) => Promise<Map<number, string>>,
) {
  const { rows, total } = await repository.listStoreRefundsPage(db, {
    storeId: input.storeId,
    status: input.status,
    reason: input.reason,
    limit: input.PageSize,
    offset: (input.PageNumber - 1) * input.PageSize,
  });
  const numbers = await orderNumbers([...new Set(rows.map((row) => row.refund.orderId))]);
  return {
    results: rows.map((row) => toAdminRefund(row, numbers.get(row.refund.orderId) ?? "")),
    total,
    pageNumber: input.PageNumber,
    pageSize: input.PageSize,
    totalPages: Math.ceil(total / input.PageSize),
  };
}

/** The merchant has transferred an owed refund (a bank transfer's) back: it succeeded. Again: nothing changes. */
export async function markRefundPaidBack(
  db: Db,
  input: { storeId: number; refundId: number; actor: TransitionActor },
  orderNumbers: (orderIds: number[]) => Promise<Map<number, string>>,
): Promise<AdminRefund> {
  await db.transaction(async (tx) => {
    const locked = await repository.lockRefund(tx, input.refundId);
    if (!locked || locked.refund.storeId !== input.storeId) throw new AppError("refund_not_found");
    if (locked.refund.status === "succeeded") return;
    if (locked.refund.status !== "owed") {
      throw new AppError("invalid_state_transition", "Only a refund owed by bank transfer is paid back by the merchant");
    }
    await recordRefundOutcome(tx, locked, { status: "succeeded", reference: null }, input.actor);
  });
  return getStoreRefund(db, input, orderNumbers);
}

/**
 * A failed refund made pending again for its gateway to be asked once more, in the caller's transaction with the
 * order locked: only when it is still the failure the merchant saw (`retries` as they saw it) and the payment still
 * holds its amount (a refund made since may have taken it). Answers whether it was reopened; a refund tried again
 * since is left as it stands.
 */
export async function reopenFailedRefund(
  tx: Db,
  input: { storeId: number; refundId: number; retries: number; actor: TransitionActor },
): Promise<boolean> {
  const locked = await repository.lockRefund(tx, input.refundId);
  if (!locked || locked.refund.storeId !== input.storeId) throw new AppError("refund_not_found");
  const { refund, payment } = locked;
  if (refund.retries !== input.retries) return false;
  if (refund.status !== "failed") {
    throw new AppError("invalid_state_transition", "Only a refund that failed is tried again");
  }
  const { remaining } = await refundableOfPayment(tx, payment);
  if (refund.amount > remaining) {
    throw new AppError(
      "refund_amount_too_high",
      `Only ${formatMoney(remaining, refund.currencyCode)} of this payment is left to refund: make a new refund of that instead`,
    );
  }
  await transition(tx, refundMachine, paymentRefunds, {
    entityId: refund.id,
    from: "failed",
    to: "pending",
    actor: input.actor,
    reason: "tried again by the shop",
    alsoSet: sql`attempts = 0, retries = retries + 1, failure_reason = null, updated_at = now()`,
  });
  return true;
}

/** A store's refund as the merchant reads it; `orderNumbers` gives its order's number (the orders module's to answer). */
export async function getStoreRefund(
  db: Db,
  input: { storeId: number; refundId: number },
  orderNumbers: (orderIds: number[]) => Promise<Map<number, string>>,
): Promise<AdminRefund> {
  const row = await repository.findStoreRefund(db, input);
  if (!row) throw new AppError("refund_not_found");
  const numbers = await orderNumbers([row.refund.orderId]);
  return toAdminRefund(row, numbers.get(row.refund.orderId) ?? "");
}

/** How many of a store's refunds are owed or failed, and how many captures it gave back since `since`. */
export const countRefundsToWatch = repository.countRefundsToWatch;
