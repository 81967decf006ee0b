import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { discountCodeUses } from "./orders.tables";

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
