import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import {
  attributes,
  attributeValues,
  productAttributeValues,
  productCategories,
  productLinks,
  productPriceIndex,
  products,
  productVariants,
} from "./catalog.tables";

/*
 * Products ranked for a shopper (decision 035), each ranking one statement answering product ids, best first.
 * Every answer keeps to what can be bought (`buyable`): published, priced in the caller's currency, and in stock
 * unless the store sells what is out of stock; and never the product left out (the one the shopper looks at).
 */

export interface RankingScope {
  storeId: number;
  currencyCode: string;
  /** The store sells what is out of stock. */
  outOfStockBuyable: boolean;
  /** Left out of every answer (the product looked at). */
  excludeProductId: number | null;
  limit: number;
}

/** How much sharing each attribute makes two books alike; a format says nothing. */
const SHARED_VALUE_WEIGHTS = sql`case a.code when 'author' then 4 when 'series' then 4 when 'theme' then 2 when 'format' then 0 else 1 end`;
/** A category shared is worth this, as much as an occasion or an age range. */
const SHARED_CATEGORY_WEIGHT = 1;
/** How many of the most popular products sharing something with the source are scored for "similar". */
const SIMILAR_CANDIDATES = 300;

/** True for a product, aliased `p`, the caller can buy. */
function buyable(scope: RankingScope): SQL {
  const stock = scope.outOfStockBuyable
    ? sql``
    : sql` and exists (select 1 from ${productVariants} bv where bv.product_id = p.id and bv.stock_quantity > 0)`;
  const notLookedAt = scope.excludeProductId === null ? sql`` : sql` and p.id <> ${scope.excludeProductId}`;
  return sql`(p.store_id = ${scope.storeId} and p.is_published${notLookedAt}
    and exists (select 1 from ${productPriceIndex} pi where pi.product_id = p.id and pi.currency_code = ${scope.currencyCode})${stock})`;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/**
 * Books like `productId`: the most popular products sharing an author, series, theme, occasion, age range or
 * category with it, and all the books of its authors, scored by what they share (an author 4, a theme 2, any
 * other value or a category 1), then by sales.
 */
export async function findSimilar(db: Db, productId: number, scope: RankingScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`with source_values as (
        select pav.attribute_value_id as id, ${SHARED_VALUE_WEIGHTS} as weight
        from ${productAttributeValues} pav join ${attributeValues} av on av.id = pav.attribute_value_id
        join ${attributes} a on a.id = av.attribute_id
        where pav.product_id = ${productId}),
      source_categories as (select category_id as id from ${productCategories} where product_id = ${productId}),
      candidates as (
        (select p.id from ${products} p
          where ${buyable(scope)} and p.id <> ${productId} and (
            exists (select 1 from ${productAttributeValues} x join source_values s on s.id = x.attribute_value_id and s.weight > 0
              where x.product_id = p.id)
            or exists (select 1 from ${productCategories} c join source_categories s on s.id = c.category_id where c.product_id = p.id))
          order by p.popularity desc, p.id desc limit ${SIMILAR_CANDIDATES})
        union
        select x.product_id from ${productAttributeValues} x join source_values s on s.id = x.attribute_value_id and s.weight >= 4
        where x.product_id <> ${productId})
      select p.id from candidates c join ${products} p on p.id = c.id
      where ${buyable(scope)}
      order by
        coalesce((select sum(s.weight) from ${productAttributeValues} x join source_values s on s.id = x.attribute_value_id
          where x.product_id = p.id), 0)
        + ${SHARED_CATEGORY_WEIGHT} * (select count(*) from ${productCategories} c join source_categories s on s.id = c.category_id
          where c.product_id = p.id) desc,
        p.popularity desc, p.id
      limit ${scope.limit}`,
  );
  return ids(rows);
}

/** The products the merchant linked to `productId`, in the merchant's order. */
export async function findLinked(db: Db, productId: number, scope: RankingScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select p.id from ${productLinks} l join ${products} p on p.id = l.linked_product_id
      where l.product_id = ${productId} and ${buyable(scope)}
      order by l.position, p.id limit ${scope.limit}`,
  );
  return ids(rows);
}

/** The best sellers the caller can buy. */
export async function findBestSellers(db: Db, scope: RankingScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select p.id from ${products} p where ${buyable(scope)} order by p.popularity desc, p.id desc limit ${scope.limit}`,
  );
  return ids(rows);
}

/**
 * The products of these variants by the sum of `weight * score` over their variants, then by sales. Scores are
 * decimals written as text, summed as PostgreSQL's exact numeric, so equal totals tie and sales decide.
 */
export async function findByVariantScores(
  db: Db,
  signals: { variantIds: number[]; weights: number[]; scores: string[] },
  scope: RankingScope,
): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`with signals as (
        select * from unnest(${sql.param(signals.variantIds)}::int[], ${sql.param(signals.weights)}::int[],
          ${sql.param(signals.scores)}::numeric[]) as s(variant_id, weight, score)),
      scored as (
        select v.product_id, sum(s.weight * s.score) as score
        from signals s join ${productVariants} v on v.id = s.variant_id
        group by v.product_id)
      select p.id from scored s join ${products} p on p.id = s.product_id
      where ${buyable(scope)}
      order by s.score desc, p.popularity desc, p.id
      limit ${scope.limit}`,
  );
  return ids(rows);
}

/** The products of these order lines by how many of the orders hold each (a product once per order), then by sales. */
export async function findByOrders(db: Db, lines: { orderIds: number[]; variantIds: number[] }, scope: RankingScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`with lines as (
        select * from unnest(${sql.param(lines.orderIds)}::int[], ${sql.param(lines.variantIds)}::int[]) as l(order_id, variant_id)),
      together as (
        select v.product_id, count(distinct l.order_id) as orders
        from lines l join ${productVariants} v on v.id = l.variant_id
        group by v.product_id)
      select p.id from together t join ${products} p on p.id = t.product_id
      where ${buyable(scope)}
      order by t.orders desc, p.popularity desc, p.id
      limit ${scope.limit}`,
  );
  return ids(rows);
}
