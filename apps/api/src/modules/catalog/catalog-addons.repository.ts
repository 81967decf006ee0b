import type { AdminAddon } from "@quire/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { addonOptionPrices, addonOptions, addons, productAddons } from "./catalog.tables";

// The merchant's reads of the store's add-ons (decision 055): every option with its prices in every currency.

/** The store's add-ons (or the one named), in the order a product page shows them, with their options and prices. */
export function listAdminAddons(db: Db, storeId: number, addonId?: number): Promise<AdminAddon[]> {
  return sqlRows<AdminAddon>(
    db,
    sql`select ad.id, ad.code, ad.name, ad.description, ad.position, ad.tax_class as "taxClass",
          coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'position', o.position,
                'prices', coalesce((select json_object_agg(op.currency_code, op.amount order by op.currency_code)
                  from ${addonOptionPrices} op where op.addon_option_id = o.id), '{}'::json)) order by o.position, o.id)
            from ${addonOptions} o where o.addon_id = ad.id), '[]'::json) as options,
          (select count(*)::int from ${productAddons} pad where pad.addon_id = ad.id) as "productCount"
        from ${addons} ad
        where ad.store_id = ${storeId} ${addonId === undefined ? sql`` : sql`and ad.id = ${addonId}`}
        order by ad.position, ad.name, ad.id`,
  );
}

/** Whether the store has an add-on with this code. */
export async function addonCodeTaken(db: Db, storeId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: addons.id })
    .from(addons)
    .where(and(eq(addons.storeId, storeId), eq(addons.code, code)));
  return row !== undefined;
}

/** The ids among `addonIds` that are not add-ons of the store. */
export async function findAddonIdsNotOfStore(db: Db, storeId: number, addonIds: readonly number[]): Promise<number[]> {
  const asked = [...new Set(addonIds)];
  if (asked.length === 0) return [];
  const rows = await db
    .select({ id: addons.id })
    .from(addons)
    .where(and(eq(addons.storeId, storeId), inArray(addons.id, asked)));
  const own = new Set(rows.map((row) => row.id));
  return asked.filter((id) => !own.has(id));
}
