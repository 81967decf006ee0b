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
} from "../catalog/catalog.tables";
import { orderLines, orders } from "../orders/orders.tables";
import { viewedProducts } from "../viewed-products/viewed-products.tables";

/*
 * The four kinds of recommendation (decision 035), each one statement answering product ids, best first. Every
 * answer keeps to what can be bought (`buyable`): published, priced in the caller's currency, and in stock unless
 * the store sells what is out of stock; and never the product the shopper is looking at.
 */

export interface RecommendationScope {
  storeId: number;
  currencyCode: string;
  /** The store sells what is out of stock. */
  outOfStockBuyable: boolean;
  /** The product looked at: left out of every answer. */
  excludeProductId: number | null;
  limit: number;
}

/** How much sharing each attribute makes two books alike; a format says nothing. */
const SHARED_VALUE_WEIGHTS = sql`case a.code when 'author' then 4 when 'series' then 4 when 'theme' then 2 when 'format' then 0 else 1 end`;
/** A category shared is worth this, as much as an occasion or an age range. */
const SHARED_CATEGORY_WEIGHT = 1;
/** How many of the most popular products sharing something with the source are scored for "similar". */
const SIMILAR_CANDIDATES = 300;
/** Views and orders count for this many days, each worth half as much every HALF_LIFE_DAYS. */
const TRENDING_WINDOW_DAYS = 30;
const HALF_LIFE_DAYS = 7;
/** An order line counts as much as this many views. */
const ORDER_WEIGHT = 5;
/** "Bought together" reads the most recent orders of the product only. */
const BOUGHT_TOGETHER_ORDERS = 500;

/** True for a product, aliased `p`, the caller can buy. */
function buyable(scope: RecommendationScope): SQL {
  const stock = scope.outOfStockBuyable
    ? sql``
    : sql` and exists (select 1 from ${productVariants} bv where bv.product_id = p.id and bv.stock_quantity > 0)`;
  const notLookedAt = scope.excludeProductId === null ? sql`` : sql` and p.id <> ${scope.excludeProductId}`;
  return sql`(p.store_id = ${scope.storeId} and p.is_published${notLookedAt}
    and exists (select 1 from ${productPriceIndex} pi where pi.product_id = p.id and pi.currency_code = ${scope.currencyCode})${stock})`;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** The product of a variant of this store, or null. */
export async function findProductOfVariant(db: Db, storeId: number, variantId: number): Promise<number | null> {
  const [row] = await sqlRows<{ product_id: number }>(
    db,
    sql`select v.product_id from ${productVariants} v where v.id = ${variantId} and v.store_id = ${storeId}`,
  );
  return row?.product_id ?? null;
}

/**
 * Books like `productId`: the most popular products sharing an author, series, theme, occasion, age range or
 * category with it, and all the books of its authors, scored by what they share (an author 4, a theme 2, any
 * other value or a category 1), then by sales.
 */
export async function findSimilar(db: Db, productId: number, scope: RecommendationScope): Promise<number[]> {
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

/**
 * What shoppers look at and buy now: each view of the last 30 days (a viewer's latest view of a variant) and
 * each ordered unit (worth 5 views), halved for every 7 days of age, summed per product.
 */
export async function findTrending(db: Db, scope: RecommendationScope): Promise<number[]> {
  const decay = (at: SQL) => sql`power(0.5, extract(epoch from now() - ${at}) / ${HALF_LIFE_DAYS * 86_400})`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`with signals as (
        select v.product_id, ${decay(sql`vp.viewed_at`)} as score
        from ${viewedProducts} vp join ${productVariants} v on v.id = vp.variant_id
        where vp.store_id = ${scope.storeId} and vp.viewed_at > now() - make_interval(days => ${TRENDING_WINDOW_DAYS})
        union all
        select v.product_id, ${ORDER_WEIGHT} * ol.quantity * ${decay(sql`o.placed_at`)}
        from ${orders} o join ${orderLines} ol on ol.order_id = o.id join ${productVariants} v on v.id = ol.variant_id
        where o.store_id = ${scope.storeId} and o.status <> 'cancelled'
          and o.placed_at > now() - make_interval(days => ${TRENDING_WINDOW_DAYS})),
      scored as (select product_id, sum(score) as score from signals group by product_id)
      select p.id from scored s join ${products} p on p.id = s.product_id
      where ${buyable(scope)}
      order by s.score desc, p.popularity desc, p.id
      limit ${scope.limit}`,
  );
  return ids(rows);
}

/** What is bought with `productId`: the other products of its latest 500 orders, by how many of them hold each. */
export async function findBoughtTogether(db: Db, productId: number, scope: RecommendationScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`with its_orders as (
        select distinct ol.order_id from ${productVariants} v join ${orderLines} ol on ol.variant_id = v.id
        join ${orders} o on o.id = ol.order_id and o.status <> 'cancelled'
        where v.product_id = ${productId}
        order by ol.order_id desc limit ${BOUGHT_TOGETHER_ORDERS}),
      together as (
        select v.product_id, count(distinct ol.order_id) as orders
        from its_orders i join ${orderLines} ol on ol.order_id = i.order_id join ${productVariants} v on v.id = ol.variant_id
        where v.product_id <> ${productId}
        group by v.product_id)
      select p.id from together t join ${products} p on p.id = t.product_id
      where ${buyable(scope)}
      order by t.orders desc, p.popularity desc, p.id
      limit ${scope.limit}`,
  );
  return ids(rows);
}

/** The products the merchant linked to `productId`, in the merchant's order. */
export async function findLinked(db: Db, productId: number, scope: RecommendationScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select p.id from ${productLinks} l join ${products} p on p.id = l.linked_product_id
      where l.product_id = ${productId} and ${buyable(scope)}
      order by l.position, p.id limit ${scope.limit}`,
  );
  return ids(rows);
}

/** The best sellers the caller can buy. */
export async function findBestSellers(db: Db, scope: RecommendationScope): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select p.id from ${products} p where ${buyable(scope)} order by p.popularity desc, p.id desc limit ${scope.limit}`,
  );
  return ids(rows);
}
