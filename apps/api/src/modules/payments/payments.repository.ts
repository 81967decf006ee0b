import { randomBytes } from "node:crypto";
import type { LatestPayment, PaymentProviderId, PaymentStatus } from "@quire/contracts";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { customerCredits, paymentWebhookEvents, payments } from "./payments.tables";

/** A payment's public id: `pay_` and 128 random bits, so ids can be neither guessed nor counted. */
export function newPaymentPublicId() {
  return `pay_${randomBytes(16).toString("base64url")}`;
}

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Db,
  payment: {
    storeId: number;
    orderId: number;
    customerId: number | null;
    provider: PaymentProviderId;
    amount: number;
    currencyCode: string;
  },
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...payment, publicId: newPaymentPublicId(), status: "created" })
    .returning();
  if (!row) throw new Error("The payment insert returned no row");
  return row;
}

export async function findPaymentById(db: Db, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** An order's payments in some statuses, newest first. */
export function findOrderPayments(db: Db, orderId: number, statuses: readonly PaymentStatus[]) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...statuses])))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** Each order's latest payment (the summary's latestPayment.publicPaymentId), with its provider and status. */
export async function findLatestPayments(db: Db, orderIds: readonly number[]): Promise<Map<number, LatestPayment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await sqlRows<{ orderId: number } & LatestPayment>(
    db,
    sql`select distinct on (order_id) order_id as "orderId", public_id as "publicPaymentId", provider as "paymentProviderId", status
        from ${payments}
        where order_id = any(${sql.param(orderIds)}::int[]) order by order_id, created_at desc, id desc`,
  );
  return new Map(rows.map(({ orderId, ...latest }) => [orderId, latest]));
}

/** A trade customer's credit in a currency; null when they have none (or are not a trade customer). */
export async function findCredit(db: Db, customerId: number, currencyCode: string) {
  const [row] = await db
    .select({ limitAmount: customerCredits.limitAmount, usedAmount: customerCredits.usedAmount })
    .from(customerCredits)
    .where(and(eq(customerCredits.customerId, customerId), eq(customerCredits.currencyCode, currencyCode)));
  return row ?? null;
}

/** A trade customer's credit in every currency they have one, by currency code; none for anyone else. */
export function listCredits(db: Db, customerId: number) {
  return db
    .select({
      currencyCode: customerCredits.currencyCode,
      limitAmount: customerCredits.limitAmount,
      usedAmount: customerCredits.usedAmount,
    })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, customerId))
    .orderBy(customerCredits.currencyCode);
}

/**
 * A customer's payments on account that still hold their credit (captured and not refunded: a refund gives the
 * credit back), newest first, at most `limit`, each row carrying how many there are in all: one query.
 */
export function listOpenCreditPayments(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  return sqlRows<{ orderId: number; amount: number; currencyCode: string; total: number }>(
    db,
    sql`select order_id as "orderId", amount, currency_code as "currencyCode", count(*) over ()::int as total
        from ${payments}
        where customer_id = ${input.customerId} and store_id = ${input.storeId} and provider = 'on-account' and status = 'captured'
        order by created_at desc, id desc
        limit ${input.limit}`,
  );
}

/**
 * Uses `amount` of a customer's credit if it stays within the limit, in one conditional update (which also
 * row-locks the credit until the transaction ends); false when it would pass the limit.
 */
export async function useCredit(db: Db, input: { customerId: number; currencyCode: string; amount: number }) {
  const used = await sqlRows<{ customerId: number }>(
    db,
    sql`update ${customerCredits} set used_amount = used_amount + ${input.amount}
        where customer_id = ${input.customerId} and currency_code = ${input.currencyCode}
          and used_amount + ${input.amount} <= limit_amount
        returning customer_id as "customerId"`,
  );
  return used.length === 1;
}

export async function findPaymentByPublicId(db: Db, publicId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  return row ?? null;
}

/** A payment, row-locked for the rest of the transaction (a gateway's report applies under it). */
export async function lockPayment(tx: Db, paymentId: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row ?? null;
}

/** Gives an amount of a customer's on-account credit back (a refund on account), never below nothing used. */
export async function giveCreditBack(tx: Db, input: { customerId: number; amount: number; currencyCode: string }) {
  await tx
    .update(customerCredits)
    .set({ usedAmount: sql`greatest(${customerCredits.usedAmount} - ${input.amount}, 0)` })
    .where(and(eq(customerCredits.customerId, input.customerId), eq(customerCredits.currencyCode, input.currencyCode)));
}

/** Sets a credit limit, creating the credit if needed, unless it would fall below what is used; null then. */
export async function setCreditLimitAtLeastUsed(db: Db, input: { customerId: number; currencyCode: string; limitAmount: number }) {
  await db
    .insert(customerCredits)
    .values({ customerId: input.customerId, currencyCode: input.currencyCode, limitAmount: input.limitAmount })
    .onConflictDoNothing();
  const [row] = await db
    .update(customerCredits)
    .set({ limitAmount: input.limitAmount })
    .where(
      and(
        eq(customerCredits.customerId, input.customerId),
        eq(customerCredits.currencyCode, input.currencyCode),
        lte(customerCredits.usedAmount, input.limitAmount),
      ),
    )
    .returning({ limitAmount: customerCredits.limitAmount, usedAmount: customerCredits.usedAmount });
  return row ?? null;
}

/**
 * Records the gateway's payment page on a payment still waiting for one. Null when another call recorded it
 * first (two tabs processing the same payment): that one's page stands.
 */
export async function setGatewayPayment(tx: Db, input: { paymentId: number; reference: string; redirectUrl: string }) {
  const [row] = await tx
    .update(payments)
    .set({ providerReference: input.reference, redirectUrl: input.redirectUrl, updatedAt: sql`now()` })
    .where(and(eq(payments.id, input.paymentId), sql`${payments.providerReference} is null`))
    .returning();
  return row ?? null;
}

/** Stores a verified webhook's event once: false when it was already stored (a retry, a replay). */
export async function recordWebhookEvent(
  tx: Db,
  event: { provider: string; eventId: string; eventType: string; reference: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

/** Payments a gateway has had open since before `before`, oldest first: those whose news may have been missed. */
export function findPaymentsOpenAtGateway(db: Db, input: { before: Date; limit: number }) {
  return db
    .select({ id: payments.id, provider: payments.provider, providerReference: payments.providerReference })
    .from(payments)
    .where(and(eq(payments.status, "pending"), sql`${payments.providerReference} is not null`, lte(payments.updatedAt, input.before)))
    .orderBy(payments.updatedAt)
    .limit(input.limit);
}

/** Marks a payment as looked at now, so the refresh job moves on to the next ones. */
export async function touchPayment(db: Db, paymentId: number) {
  await db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/** Whether a webhook's event was already stored (acted on). */
export async function isWebhookEventRecorded(db: Db, event: { provider: string; eventId: string }) {
  const [row] = await db
    .select({ eventId: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, event.provider), eq(paymentWebhookEvents.eventId, event.eventId)));
  return row !== undefined;
}

/** Deletes up to `limit` stored webhook events received more than `olderThanSeconds` ago; answers how many. */
export async function deleteOldWebhookEvents(db: Db, olderThanSeconds: number, limit: number): Promise<number> {
  const deleted = await db
    .delete(paymentWebhookEvents)
    .where(
      sql`(${paymentWebhookEvents.provider}, ${paymentWebhookEvents.eventId}) in (
            select provider, event_id from ${paymentWebhookEvents}
            where received_at < now() - make_interval(secs => ${olderThanSeconds}) limit ${limit})`,
    )
    .returning({ eventId: paymentWebhookEvents.eventId });
  return deleted.length;
}

/**
 * The payment a verified webhook names, by whichever it carries: the gateway's reference of the payment's
 * page, the gateway's id of the money movement, or the payment's public id (its merchant reference).
 */
export async function findPaymentForNotice(
  db: Db,
  input: { provider: PaymentProviderId; reference: string | null; paymentReference?: string; paymentPublicId?: string },
) {
  const by = input.reference
    ? eq(payments.providerReference, input.reference)
    : input.paymentReference
      ? eq(payments.providerPaymentReference, input.paymentReference)
      : input.paymentPublicId
        ? eq(payments.publicId, input.paymentPublicId)
        : null;
  if (!by) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, input.provider), by));
  return row ?? null;
}

/** Keeps the gateway's id of a payment's money movement, the first time a verified webhook names it. */
export async function setProviderPaymentReference(tx: Db, input: { paymentId: number; paymentReference: string }) {
  await tx
    .update(payments)
    .set({ providerPaymentReference: input.paymentReference })
    .where(and(eq(payments.id, input.paymentId), sql`${payments.providerPaymentReference} is null`));
}
