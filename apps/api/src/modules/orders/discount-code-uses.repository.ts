import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { discountCodeUses, orders } from "./orders.tables";

/*
 * Which orders used which discount code (`discount_code_uses`, written with the order in orders.repository's
 * insertOrder and forgotten when it is cancelled), read for the checkout's per-customer limits. One statement.
 */

/** Orders that used a code by this customer or this email (guests are counted by email). */
export async function countDiscountUses(db: Db, input: { discountCodeId: number; customerId: number | null; email: string | null }) {
  if (input.customerId === null && input.email === null) return 0;
  const [row] = await sqlRows<{ uses: number }>(
    db,
    sql`select count(*)::int as uses from ${discountCodeUses} u
        where u.discount_code_id = ${input.discountCodeId}
          and (${input.customerId === null ? sql`false` : sql`u.customer_id = ${input.customerId}`}
               or ${input.email === null ? sql`false` : sql`u.email = ${input.email}`})`,
  );
  return row?.uses ?? 0;
}

export interface DiscountCodeUseRow {
  orderId: number;
  orderNumber: string;
  placedAt: string;
  status: string;
  email: string;
  customerId: number | null;
  currencyCode: string;
  discountAmount: number;
  grandTotal: number;
}

/** The orders that used a code, newest first: a keyset page by order id, one statement on the uses' primary key. */
export async function listDiscountCodeUses(db: Db, input: { discountCodeId: number; code: string; before?: number; limit: number }) {
  return sqlRows<DiscountCodeUseRow>(
    db,
    sql`select o.id as "orderId", o.public_id as "orderNumber", to_json(o.placed_at)#>>'{}' as "placedAt", o.status, o.email,
          o.customer_id as "customerId", o.currency_code as "currencyCode", o.grand_total as "grandTotal",
          coalesce((select sum((line->>'amount')::int) from jsonb_array_elements(o.discount_lines) line
            where upper(line->>'code') = upper(${input.code})), 0)::int as "discountAmount"
        from ${discountCodeUses} u
        join ${orders} o on o.id = u.order_id
        where u.discount_code_id = ${input.discountCodeId}
          ${input.before === undefined ? sql`` : sql`and u.order_id < ${input.before}`}
        order by u.order_id desc
        limit ${input.limit}`,
  );
}
