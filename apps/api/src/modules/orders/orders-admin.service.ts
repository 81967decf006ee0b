import type { AdminExportOrdersQuery, AdminListOrdersQuery, OrderStatus } from "@quire/contracts";
import { money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { publishEvent } from "../jobs/job-queue";
import { transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { orderMachine } from "./order-status";
import { csvLine } from "../../http/csv";
import * as repository from "./orders.repository";
import { orders } from "./orders.tables";

/*
 * The merchant's side of orders (the admin API and its CLI): list a store's orders, ship them with a tracking
 * reference, mark them delivered. Every status change goes through the order's transition table, recorded with
 * the admin key that made it. Reading one order, cancelling it and confirming a bank transfer span payments too:
 * they are flows (flows/order-view.flow.ts, cancel-order.flow.ts, pay-order.flow.ts).
 */

export interface AdminContext {
  storeId: number;
  /** The admin key's number (request-context.ts): the merchant in the order's history. */
  actor: TransitionActor;
}

/**
 * A store's orders, newest or oldest first, as the filters find them. `before` pages a newest-first list and `after` an
 * oldest-first one: the other is refused (400 `conflicting_parameters`), as it would start the list somewhere odd.
 */
export async function listAdminOrders(db: Db, input: AdminListOrdersQuery & { storeId: number }) {
  const oldestFirst = input.sort === "oldest";
  if (oldestFirst ? input.before !== undefined : input.after !== undefined) {
    throw new AppError(
      "conflicting_parameters",
      oldestFirst ? "An oldest-first list pages with after" : "A newest-first list pages with before",
      {
        field: oldestFirst ? "querystring.before" : "querystring.after",
      },
    );
  }
  const { rows, next } = await repository.listAdminOrderRows(db, { ...input, oldestFirst });
  return {
    orders: rows.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      grandTotal: money(row.grandTotal, row.currencyCode),
      itemCount: row.itemCount,
      email: row.email,
      customerName: `${row.firstName} ${row.lastName}`,
    })),
    nextBefore: oldestFirst ? null : next,
    nextAfter: oldestFirst ? next : null,
  };
}

const EXPORT_COLUMNS = [
  "order",
  "placed_at",
  "status",
  "email",
  "customer",
  "items",
  "currency",
  "subtotal",
  "discount",
  "delivery",
  "tax",
  "total",
] as const;

/**
 * The orders the filters find as CSV lines (the header first), oldest first, read 500 at a time by id so a long
 * export holds no transaction and no OFFSET. Amounts are in major units with two decimals.
 */
export async function* exportAdminOrders(db: Db, filters: AdminExportOrdersQuery & { storeId: number }): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  const amount = (minor: number) => (minor / 100).toFixed(2);
  for (let after = 0; ;) {
    const rows = await repository.exportAdminOrderRows(db, { ...filters, after, size: 500 });
    for (const row of rows) {
      yield csvLine([
        row.publicId,
        row.placedAt.toISOString(),
        row.status,
        row.email,
        `${row.firstName} ${row.lastName}`,
        String(row.itemCount),
        row.currencyCode,
        amount(row.subTotal),
        amount(row.discountTotal),
        amount(row.deliveryCharge),
        amount(row.taxTotal),
        amount(row.grandTotal),
      ]);
    }
    if (rows.length < 500) return;
    after = rows.at(-1)!.id;
  }
}

/** Locks the store's order for a change; 404 when it has none. */
async function requireLockedOrder(tx: Db, ctx: AdminContext, orderId: number) {
  const order = await repository.lockOrder(tx, { storeId: ctx.storeId, orderId });
  if (!order) throw new AppError("order_not_found");
  return order;
}

/** Ships a paid order with the carrier's reference. Shipping it again with the same reference changes nothing. */
export async function shipOrder(db: Db, ctx: AdminContext, input: { orderId: number; trackingReference: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status === "shipped" && order.trackingReference === input.trackingReference) return;
    await transition(tx, orderMachine, orders, {
      entityId: order.id,
      from: order.status,
      to: "shipped",
      actor: ctx.actor,
      reason: `shipped, tracking ${input.trackingReference}`,
      alsoSet: sql`tracking_reference = ${input.trackingReference}, shipped_at = now(), updated_at = now()`,
    });
    // The buyer's "on its way" mail, queued with the change.
    await publishEvent(tx, { type: "order.shipped", storeId: ctx.storeId, orderId: order.id });
  });
}

/** Marks a shipped order delivered (what returns wait for); answers the status it left. Again: nothing changes (null). */
export async function deliverOrder(db: Db, ctx: AdminContext, input: { orderId: number }): Promise<{ from: OrderStatus } | null> {
  return db.transaction(async (tx) => {
    const order = await requireLockedOrder(tx, ctx, input.orderId);
    if (order.status === "delivered") return null;
    await transition(tx, orderMachine, orders, {
      entityId: order.id,
      from: order.status,
      to: "delivered",
      actor: ctx.actor,
      reason: "delivered",
      alsoSet: sql`delivered_at = now(), updated_at = now()`,
    });
    await publishEvent(tx, { type: "order.delivered", storeId: ctx.storeId, orderId: order.id });
    return { from: order.status };
  });
}

/** A customer's orders for the merchant's view of them: how many, and the latest five. */
export async function customerOrdersForAdmin(db: Db, input: { storeId: number; customerId: number }) {
  const { orderCount, latest } = await repository.customerOrderSummary(db, { ...input, limit: 5 });
  return {
    orderCount,
    latestOrders: latest.map((row) => ({
      id: row.id,
      publicId: row.publicId,
      status: row.status,
      placedAt: row.placedAt.toISOString(),
      grandTotal: money(row.grandTotal, row.currencyCode),
    })),
  };
}

/** Days the back office's sales chart shows, today included. */
export const SALES_CHART_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date (YYYY-MM-DD) it is at `now` in `timeZone`. */
function dateIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The calendar date `daysBack` days before `date` (both YYYY-MM-DD): day arithmetic, whatever the zone's clock changes. */
function daysBefore(date: string, daysBack: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A store's sales per currency today, over the last 7 and the last 30 days of its time zone (each counting today), and a
 * day-by-day series of those 30 days, oldest first, every day present: one statement. Cancelled orders count in
 * neither the orders nor the revenue; orders still awaiting payment count in both.
 */
export async function getSalesFigures(db: Db, input: { storeId: number; now: Date; timeZone: string }) {
  const today = dateIn(input.timeZone, input.now);
  const dates = Array.from({ length: SALES_CHART_DAYS }, (_, index) => daysBefore(today, SALES_CHART_DAYS - 1 - index));
  const rows = await repository.listDailyOrderTotals(db, { storeId: input.storeId, sinceDate: dates[0]!, timeZone: input.timeZone });
  const byDay = new Map<string, { currencyCode: string; orders: number; revenue: number }[]>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? [];
    day.push({ currencyCode: row.currencyCode, orders: Number(row.orders), revenue: Number(row.revenue) });
    byDay.set(row.day, day);
  }
  const sum = (currencyCode: string, fromDate: string) => {
    let orderCount = 0;
    let revenue = 0;
    for (const [day, currencies] of byDay) {
      if (day < fromDate) continue;
      const found = currencies.find((entry) => entry.currencyCode === currencyCode);
      orderCount += found?.orders ?? 0;
      revenue += found?.revenue ?? 0;
    }
    return { orders: orderCount, revenue: money(revenue, currencyCode) };
  };
  const currencies = [...new Set(rows.map((row) => row.currencyCode))].sort();
  return {
    sales: currencies.map((currencyCode) => ({
      currencyCode,
      today: sum(currencyCode, dates[SALES_CHART_DAYS - 1]!),
      last7Days: sum(currencyCode, dates[SALES_CHART_DAYS - 7]!),
      last30Days: sum(currencyCode, dates[0]!),
    })),
    daily: dates.map((date) => ({
      date,
      currencies: (byDay.get(date) ?? []).map((entry) => ({
        currencyCode: entry.currencyCode,
        orders: entry.orders,
        revenue: money(entry.revenue, entry.currencyCode),
      })),
    })),
  };
}

/** How many of a store's orders are paid and waiting to be shipped. */
export function countOrdersToShip(db: Db, storeId: number): Promise<number> {
  return repository.countOrdersInStatus(db, { storeId, status: "confirmed" });
}
