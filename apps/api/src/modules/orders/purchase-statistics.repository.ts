import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { orderLines, orders } from "./orders.tables";

/*
 * What the store's orders say about what sells and what sells together, by variant (recommendations rank from
 * it). Cancelled orders count for nothing. Each function is one statement.
 */

/**
 * Units ordered per variant in the store's orders placed in the `days` before `at`, each unit weighted by half
 * for every `halfLifeDays` of its order's age at `at`. The sums are exact decimals, answered as text.
 */
export function listDecayedUnitsByVariant(db: Db, input: { storeId: number; at: Date; days: number; halfLifeDays: number }) {
  const at = sql`${input.at.toISOString()}::timestamptz`;
  return sqlRows<{ variantId: number; units: string }>(
    db,
    sql`select ol.variant_id as "variantId",
          sum(ol.quantity * power(0.5, extract(epoch from ${at} - o.placed_at) / ${input.halfLifeDays * 86_400}))::text as units
        from ${orders} o join ${orderLines} ol on ol.order_id = o.id
        where o.store_id = ${input.storeId} and o.status <> 'cancelled'
          and o.placed_at > ${at} - make_interval(days => ${input.days}) and ol.variant_id is not null
        group by ol.variant_id`,
  );
}

/**
 * The latest `orders` orders (by id) holding any of `variantIds`, as their lines of other variants: each
 * (order, variant) once, lines whose variant is gone left out.
 */
export function listOtherLinesOfLatestOrders(db: Db, input: { variantIds: readonly number[]; orders: number }) {
  const variantIds = sql`${sql.param(input.variantIds)}::int[]`;
  return sqlRows<{ orderId: number; variantId: number }>(
    db,
    sql`with its_orders as (
          select distinct ol.order_id from ${orderLines} ol
          join ${orders} o on o.id = ol.order_id and o.status <> 'cancelled'
          where ol.variant_id = any(${variantIds})
          order by ol.order_id desc limit ${input.orders})
        select distinct ol.order_id as "orderId", ol.variant_id as "variantId"
        from its_orders i join ${orderLines} ol on ol.order_id = i.order_id
        where ol.variant_id is not null and ol.variant_id <> all(${variantIds})`,
  );
}
