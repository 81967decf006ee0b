import type { OrderStatus } from "@quire/contracts";
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { sqlRows } from "../../db/sql-rows";
import { discountCodeUses, orderLines, orders } from "./orders.tables";
import { keysetPage } from "../../db/keyset-page";

/*
 * Every order statement. Placing an order runs them in one transaction that holds the cart's row lock; stock
 * and discount counters are changed by conditional updates, so concurrent orders can never take stock below
 * zero or a code past its limit (decision 024).
 */

export async function findOrderIdByCart(db: Db, cartId: number) {
  const [row] = await db
    .select({ id: orders.id, publicId: orders.publicId, grandTotal: orders.grandTotal, currencyCode: orders.currencyCode })
    .from(orders)
    .where(eq(orders.cartId, cartId));
  return row ?? null;
}

export async function nextOrderNumber(db: Db) {
  const [row] = await sqlRows<{ value: string }>(db, sql`select nextval('order_number_seq')::text as value`);
  if (!row) throw new Error("The order number sequence answered nothing");
  return `QB-${row.value}`;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "orderId">;

export async function insertOrder(
  db: Db,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  uses: readonly { discountCodeId: number; customerId: number | null; email: string }[],
) {
  const [row] = await db.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error("The order insert returned no row");
  const orderId = row.id;
  if (lines.length > 0) await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
  if (uses.length > 0) await db.insert(discountCodeUses).values(uses.map((use) => ({ ...use, orderId })));
  return orderId;
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order of the store with its lines, if `owner` may read it: the customer who placed it, or the guest whose basket it was. */
export async function findOrderForOwner(
  db: Db,
  input: { storeId: number; orderId: number } & ({ customerId: number } | { anonymousId: string }),
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const owner = "customerId" in input ? eq(orders.customerId, input.customerId) : eq(orders.anonymousId, input.anonymousId);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId), owner));
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  return { order, lines };
}

/**
 * A page of a store's orders, newest first, with each order's units, and how many there are: a customer's own
 * (few, so an offset into them is cheap: orders_customer_idx), or the merchant's by status
 * (orders_store_status_idx).
 */
/** What a list of orders shows of each: the customer's list and the merchant's. */
const orderListColumns = {
  id: orders.id,
  publicId: orders.publicId,
  status: orders.status,
  placedAt: orders.placedAt,
  grandTotal: orders.grandTotal,
  currencyCode: orders.currencyCode,
  email: orders.email,
  firstName: orders.firstName,
  lastName: orders.lastName,
  // Qualified by hand: inside a select list drizzle writes a column without its table, which the subquery would read as its own.
  itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`,
};

export async function listOrdersPage(
  db: Db,
  input: { storeId: number; customerId?: number; status?: OrderStatus; limit: number; offset: number },
) {
  const where = and(
    eq(orders.storeId, input.storeId),
    input.customerId === undefined ? undefined : eq(orders.customerId, input.customerId),
    input.status === undefined ? undefined : eq(orders.status, input.status),
  );
  const rows = await db
    .select(orderListColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ value: count() }).from(orders).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** One of the store's orders with its lines; null when it has none. */
export async function findStoreOrder(db: Db, input: { storeId: number; orderId: number }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId)));
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  return { order, lines };
}

/** Locks one of the store's orders for a change; null when there is none. */
export async function lockOrder(tx: Db, input: { storeId: number; orderId: number }) {
  const [row] = await sqlRows<{
    id: number;
    storeId: number;
    status: OrderStatus;
    customerId: number | null;
    anonymousId: string | null;
    grandTotal: number;
    currencyCode: string;
    trackingReference: string | null;
  }>(
    tx,
    sql`select id, store_id as "storeId", status, customer_id as "customerId", anonymous_id as "anonymousId",
          grand_total as "grandTotal", currency_code as "currencyCode", tracking_reference as "trackingReference"
        from ${orders} where id = ${input.orderId} and store_id = ${input.storeId} for update`,
  );
  return row ?? null;
}

/** The oldest order past its payment deadline that no one else holds, locked; null when there is none. */
export async function lockNextUnpaidOrder(tx: Db, now: Date) {
  const [row] = await sqlRows<{ id: number; storeId: number; status: OrderStatus }>(
    tx,
    sql`select id, store_id as "storeId", status from ${orders}
        where status = 'awaiting_payment' and payment_due_by < ${now}
        order by payment_due_by limit 1 for update skip locked`,
  );
  return row ?? null;
}

/** Whether an order line, of any order in any status, names one of these variants (the order_lines_variant_idx). */
export async function anyOrderLineOfVariants(db: Db, variantIds: number[]): Promise<boolean> {
  if (variantIds.length === 0) return false;
  const [row] = await db.select({ id: orderLines.id }).from(orderLines).where(inArray(orderLines.variantId, variantIds)).limit(1);
  return row !== undefined;
}

/** The units an order took from stock, per variant still in the catalogue. */
export function listReservedStock(tx: Db, orderId: number) {
  return sqlRows<{ variantId: number; reserved: number }>(
    tx,
    sql`select variant_id as "variantId", sum(reserved_quantity)::int as reserved from ${orderLines}
        where order_id = ${orderId} and variant_id is not null and reserved_quantity > 0
        group by variant_id order by variant_id`,
  );
}

/** Forgets an order's discount code uses (the buyer's uses no longer count); answers the codes they were of. */
export async function deleteDiscountUses(tx: Db, orderId: number): Promise<number[]> {
  const deleted = await tx
    .delete(discountCodeUses)
    .where(eq(discountCodeUses.orderId, orderId))
    .returning({ discountCodeId: discountCodeUses.discountCodeId });
  return deleted.map((row) => row.discountCodeId);
}

/** What a proforma invoice prints of the order beside it: the deadline and the buyer. */
export async function findProformaFacts(db: Db, orderId: number) {
  const [row] = await db
    .select({
      storeId: orders.storeId,
      dueBy: orders.paymentDueBy,
      customerName: sql<string>`${orders.firstName} || ' ' || ${orders.lastName}`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** One of the store's orders by its number (the command line's way of naming one); null when there is none. */
export async function findOrderIdByNumber(db: Db, input: { storeId: number; publicId: string }) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, input.storeId), eq(orders.publicId, input.publicId)));
  return row?.id ?? null;
}

/**
 * Marks an order's confirmation as mailed, if it was not yet: answers the order's buyer facts when this call
 * marked it (so it sends the mail), null when it was marked before (a retried job sends nothing).
 */
export async function claimConfirmationMail(tx: Db, input: { storeId: number; orderId: number }) {
  const [row] = await tx
    .update(orders)
    .set({ confirmationMailedAt: sql`now()` })
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId), isNull(orders.confirmationMailedAt)))
    .returning({ id: orders.id, customerId: orders.customerId, anonymousId: orders.anonymousId, firstName: orders.firstName });
  return row ?? null;
}

/** Gives an order `days` from now to be paid (a proforma invoice's terms). */
export async function setPaymentDeadline(tx: Db, input: { orderId: number; days: number }) {
  await tx
    .update(orders)
    .set({ paymentDueBy: sql`now() + make_interval(days => ${input.days})`, updatedAt: sql`now()` })
    .where(eq(orders.id, input.orderId));
}

/** Who bought an order and what the payer sees of it: its number, the buyer's email, their customer id. */
export async function findOrderParties(db: Db, orderId: number) {
  const [row] = await db
    .select({
      storeId: orders.storeId,
      publicId: orders.publicId,
      email: orders.email,
      customerId: orders.customerId,
      anonymousId: orders.anonymousId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export function findOrderNumbers(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, publicId: orders.publicId })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

/** The lines of one of the customer's orders of this store, in order; none for an order that is not theirs. */
export function listCustomerOrderLines(db: Db, input: { storeId: number; customerId: number; orderId: number }) {
  return db
    .select({
      orderLineId: orderLines.id,
      orderPublicId: orders.publicId,
      variantId: orderLines.variantId,
      sku: orderLines.sku,
      productName: orderLines.productName,
      variantName: orderLines.variantName,
      quantity: orderLines.quantity,
      addons: orderLines.addons,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId), eq(orders.customerId, input.customerId)))
    .orderBy(orderLines.position, orderLines.id);
}

export function findCustomerOrderSummaries(db: Db, input: { customerId: number; orderIds: readonly number[] }) {
  if (input.orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, publicId: orders.publicId, placedAt: orders.placedAt, status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, input.customerId), inArray(orders.id, [...input.orderIds])));
}

/**
 * The store's order with this number, with the email it was placed with and the buyer's first name, for "find my
 * order" (the unique index on public_id finds it); null when the store has none.
 */
export async function findOrderByNumber(db: Db, input: { storeId: number; publicId: string }) {
  const [row] = await db
    .select({ id: orders.id, email: orders.email, firstName: orders.firstName })
    .from(orders)
    .where(and(eq(orders.publicId, input.publicId), eq(orders.storeId, input.storeId)));
  return row ?? null;
}

export interface AdminOrderFilters {
  storeId: number;
  status?: OrderStatus;
  search?: string;
  placedFrom?: string;
  placedTo?: string;
}

/** The merchant's filters as one condition: status, placement time, and a search by number, email or name. */
function adminOrderConditions(filters: AdminOrderFilters) {
  const conditions = [eq(orders.storeId, filters.storeId)];
  if (filters.status !== undefined) conditions.push(eq(orders.status, filters.status));
  if (filters.placedFrom !== undefined) conditions.push(gte(orders.placedAt, new Date(filters.placedFrom)));
  if (filters.placedTo !== undefined) conditions.push(lt(orders.placedAt, new Date(filters.placedTo)));
  if (filters.search !== undefined) {
    const text = likeEscaped(filters.search);
    conditions.push(
      or(
        ilike(orders.publicId, `${text}%`),
        ilike(orders.email, `%${text}%`),
        ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, `%${text}%`),
      )!,
    );
  }
  return and(...conditions);
}

/**
 * The store's orders the filters find, newest first (from `before`) or oldest first (from `after`), in keyset pages by
 * id (no count, no OFFSET): the primary key's index walked either way. `next` is the next page's `before` or `after`.
 */
export async function listAdminOrderRows(
  db: Db,
  filters: AdminOrderFilters & { oldestFirst: boolean; before?: number; after?: number; limit: number },
) {
  const rows = await db
    .select(orderListColumns)
    .from(orders)
    .where(
      and(
        adminOrderConditions(filters),
        filters.before === undefined ? undefined : lt(orders.id, filters.before),
        filters.after === undefined ? undefined : gt(orders.id, filters.after),
      ),
    )
    .orderBy(filters.oldestFirst ? asc(orders.id) : desc(orders.id))
    .limit(filters.limit + 1);
  const { page, next } = keysetPage(rows, filters.limit, (row) => row.id);
  return { rows: page, next };
}

/** The orders the filters find, oldest first, `size` at a time after `after` (an export walks them in batches). */
export function exportAdminOrderRows(db: Db, filters: AdminOrderFilters & { after: number; size: number }) {
  return db
    .select({
      ...orderListColumns,
      subTotal: orders.subTotal,
      discountTotal: orders.discountTotal,
      deliveryCharge: orders.deliveryCharge,
      taxTotal: orders.taxTotal,
    })
    .from(orders)
    .where(and(adminOrderConditions(filters), gt(orders.id, filters.after)))
    .orderBy(asc(orders.id))
    .limit(filters.size);
}

/** How many orders a customer placed in the store, and their latest `limit`, newest first. */
export async function customerOrderSummary(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  const where = and(eq(orders.storeId, input.storeId), eq(orders.customerId, input.customerId));
  const [total] = await db.select({ value: count() }).from(orders).where(where);
  const latest = await db
    .select({
      id: orders.id,
      publicId: orders.publicId,
      status: orders.status,
      placedAt: orders.placedAt,
      grandTotal: orders.grandTotal,
      currencyCode: orders.currencyCode,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(input.limit);
  return { orderCount: total?.value ?? 0, latest };
}

/**
 * A store's orders placed from midnight of `sinceDate` (YYYY-MM-DD) in `timeZone`, cancelled ones left out, counted
 * and summed per day of that zone and currency: one statement over the (store, placed_at) index.
 */
export function listDailyOrderTotals(db: Db, input: { storeId: number; sinceDate: string; timeZone: string }) {
  return sqlRows<{ day: string; currencyCode: string; orders: number; revenue: number }>(
    db,
    sql`select to_char(placed_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as day, currency_code as "currencyCode",
          count(*)::int as orders, coalesce(sum(grand_total), 0)::bigint as revenue
        from ${orders}
        where store_id = ${input.storeId} and status <> 'cancelled'
          and placed_at >= (${input.sinceDate}::date::timestamp at time zone ${input.timeZone})
        group by 1, 2
        order by 1, 2`,
  );
}

/** How many of a store's orders are in one status (the (store, status) index answers it). */
export async function countOrdersInStatus(db: Db, input: { storeId: number; status: OrderStatus }): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${orders} where store_id = ${input.storeId} and status = ${input.status}`,
  );
  return Number(row?.count ?? 0);
}
