import type { RefundReason, RefundStatus } from "@quire/contracts";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentRefunds, payments } from "./payments.tables";

export type RefundRow = typeof paymentRefunds.$inferSelect;

/**
 * Records a refund, once per source: a second call for the same source (a retried approval, a cancellation
 * repeated) finds the row the first one wrote.
 */
export async function insertRefundOnce(
  tx: Db,
  values: {
    storeId: number;
    orderId: number;
    paymentId: number;
    reason: RefundReason;
    source: string;
    amount: number;
    currencyCode: string;
    note?: string | null;
  },
): Promise<RefundRow> {
  const [inserted] = await tx.insert(paymentRefunds).values(values).onConflictDoNothing({ target: paymentRefunds.source }).returning();
  if (inserted) return inserted;
  const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.source, values.source));
  if (!existing) throw new Error(`The refund for ${values.source} was neither inserted nor found`);
  return existing;
}

export async function findRefundBySource(db: Db, source: string) {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.source, source));
  return row ?? null;
}

/** The refunds recorded for these sources (a page of withdrawals' refunds), by source, in one statement. */
export async function findRefundsBySources(db: Db, sources: readonly string[]): Promise<Map<string, RefundRow>> {
  if (sources.length === 0) return new Map();
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.source, [...sources]));
  return new Map(rows.map((row) => [row.source, row]));
}

/**
 * A refund with the payment it gives back, both row-locked for the rest of the transaction (after the order's
 * lock: every money path locks the order first, then its payment).
 */
export async function lockRefund(tx: Db, refundId: number) {
  const [row] = await tx
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId))
    .for("update", { of: [paymentRefunds, payments] });
  return row ?? null;
}

/** A refund with the payment it gives back. */
export async function findRefundWithPayment(db: Db, refundId: number) {
  const [row] = await db
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId));
  return row ?? null;
}

/** Counts one more call to the gateway for a refund (before it is made), and keeps the last failure seen. */
export async function countRefundAttempt(db: Db, refundId: number) {
  const [row] = await db
    .update(paymentRefunds)
    .set({ attempts: sql`${paymentRefunds.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(paymentRefunds.id, refundId))
    .returning({ attempts: paymentRefunds.attempts });
  return row?.attempts ?? 0;
}

export async function setRefundFailure(db: Db, refundId: number, failureReason: string) {
  await db
    .update(paymentRefunds)
    .set({ failureReason, updatedAt: sql`now()` })
    .where(eq(paymentRefunds.id, refundId));
}

/** What a payment's refunds already hold: every one but a failed one, which gave nothing back. One statement. */
export async function sumHeldByRefunds(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), sql`${paymentRefunds.status} <> 'failed'`));
  return Number(row?.held ?? 0);
}

/** Refunds still pending since before `before`, oldest first: those a crash or a gateway outage left. */
export function findPendingRefunds(db: Db, input: { before: Date; limit: number }) {
  return db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, "pending"), lte(paymentRefunds.updatedAt, input.before)))
    .orderBy(asc(paymentRefunds.updatedAt))
    .limit(input.limit);
}

/** What the merchant reads: refunds with their payment's public id and provider. */
const adminColumns = {
  refund: paymentRefunds,
  publicPaymentId: payments.publicId,
  provider: payments.provider,
};

export function listOrderRefunds(db: Db, orderId: number) {
  return db
    .select(adminColumns)
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.orderId, orderId))
    .orderBy(asc(paymentRefunds.id));
}

export async function listStoreRefundsPage(
  db: Db,
  input: { storeId: number; status?: RefundStatus; reason?: RefundReason; limit: number; offset: number },
) {
  const where = and(
    eq(paymentRefunds.storeId, input.storeId),
    input.status ? eq(paymentRefunds.status, input.status) : undefined,
    input.reason ? eq(paymentRefunds.reason, input.reason) : undefined,
  );
  const rows = await db
    .select(adminColumns)
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(where)
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    .limit(input.limit)
    .offset(input.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(paymentRefunds)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findStoreRefund(db: Db, input: { storeId: number; refundId: number }) {
  const [row] = await db
    .select(adminColumns)
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.id, input.refundId), eq(paymentRefunds.storeId, input.storeId)));
  return row ?? null;
}

/**
 * A store's refunds that need the merchant (owed: a bank transfer to send back; failed) and the captures given back
 * since `since`: one statement.
 */
export async function countRefundsToWatch(db: Db, input: { storeId: number; since: Date }) {
  const [row] = await db
    .select({
      needingAttention: sql<number>`(count(*) filter (where ${paymentRefunds.status} in ('owed', 'failed')))::int`,
      capturesGivenBack: sql<number>`(count(*) filter (where ${paymentRefunds.reason} = 'capture_given_back' and ${paymentRefunds.createdAt} >= ${input.since.toISOString()}::timestamptz))::int`,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.storeId, input.storeId));
  return { needingAttention: Number(row?.needingAttention ?? 0), capturesGivenBack: Number(row?.capturesGivenBack ?? 0) };
}
