import type { RecommendationQuery, Recommendations, RecommendationType } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { getSummaries, type CatalogContext } from "../catalog/catalog.service";
import * as rankings from "../catalog/product-rankings.service";
import { findProductOfVariant } from "../catalog/variant-products.service";
import { listLinesBoughtWith, listRecentUnitsByVariant } from "../orders/purchase-statistics.service";
import { listRecentViewsByVariant } from "../viewed-products/viewed-products.service";

/** Cards per answer when the caller does not say. */
export const DEFAULT_RECOMMENDATIONS = 8;

/** Views and orders count for this many days, each worth half as much every HALF_LIFE_DAYS. */
const TRENDING_WINDOW_DAYS = 30;
const HALF_LIFE_DAYS = 7;
/** An ordered unit counts as much as this many views. */
const ORDER_WEIGHT = 5;
/** "Bought together" reads the most recent orders of the product only. */
const BOUGHT_TOGETHER_ORDERS = 500;

/** The product looked at (of the variant the caller names), with all its variants. */
type LookedAt = { productId: number; variantIds: number[] };

/**
 * GET /recommendations/:type (decision 035). Around the variant looked at, when given:
 *   - similar: books sharing its authors, series, themes, occasions and categories; without a variant, trending;
 *   - trending: what shoppers looked at and bought in the last 30 days, recent activity counting most; a shop
 *     with none yet answers its best sellers;
 *   - bought-together: what its orders also held; nothing without a variant or orders;
 *   - related: what the merchant linked to it, then similar books to fill the rest.
 * Only what the caller may see and can buy, never the product looked at; cards as GET /products gives them.
 * The catalogue ranks (catalog/product-rankings.service.ts) from what the orders and the recently viewed
 * products count by variant.
 */
export async function recommend(
  db: Db,
  ctx: CatalogContext,
  type: RecommendationType,
  query: RecommendationQuery,
): Promise<Recommendations> {
  const visibility = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });
  if (!visibility.productsVisible) return { type, results: [] };
  const lookedAt = query.productVariantId === undefined ? null : await requireProductOfVariant(db, ctx.store.id, query.productVariantId);
  const request: rankings.RankingRequest = {
    excludeProductId: lookedAt?.productId ?? null,
    limit: query.PageSize ?? DEFAULT_RECOMMENDATIONS,
  };
  const ids = await rankedIds(db, ctx, type, lookedAt, request);
  return { type, results: await getSummaries(db, ctx, ids) };
}

async function requireProductOfVariant(db: Db, storeId: number, variantId: number): Promise<LookedAt> {
  const product = await findProductOfVariant(db, { storeId, variantId });
  if (product === null) throw new AppError("variant_not_found", "Product variant was not found", { field: "querystring.productVariantId" });
  return product;
}

async function rankedIds(
  db: Db,
  ctx: CatalogContext,
  type: RecommendationType,
  lookedAt: LookedAt | null,
  request: rankings.RankingRequest,
) {
  switch (type) {
    case "similar":
      return lookedAt === null
        ? trendingOrBestSellers(db, ctx, request)
        : rankings.listSimilarProductIds(db, ctx, lookedAt.productId, request);
    case "trending":
      return trendingOrBestSellers(db, ctx, request);
    case "bought-together":
      return lookedAt === null ? [] : boughtTogether(db, ctx, lookedAt, request);
    case "related": {
      if (lookedAt === null) return trendingOrBestSellers(db, ctx, request);
      const linked = await rankings.listLinkedProductIds(db, ctx, lookedAt.productId, request);
      if (linked.length >= request.limit) return linked;
      const similar = await rankings.listSimilarProductIds(db, ctx, lookedAt.productId, {
        ...request,
        limit: request.limit + linked.length,
      });
      return [...new Set([...linked, ...similar])].slice(0, request.limit);
    }
  }
}

/** Trending, filled up with the best sellers while a shop has too little activity to tell. */
async function trendingOrBestSellers(db: Db, ctx: CatalogContext, request: rankings.RankingRequest): Promise<number[]> {
  const trending = await trendingIds(db, ctx, request);
  if (trending.length >= request.limit) return trending;
  const bestSellers = await rankings.listBestSellerIds(db, ctx, { ...request, limit: request.limit + trending.length });
  return [...new Set([...trending, ...bestSellers])].slice(0, request.limit);
}

/**
 * What shoppers look at and buy now: each view of the last 30 days (a viewer's latest view of a variant) and
 * each ordered unit (worth 5 views), halved for every 7 days of age, summed per product. Both are aged from one
 * moment, so a view and an order of the same age weigh alike.
 */
async function trendingIds(db: Db, ctx: CatalogContext, request: rankings.RankingRequest): Promise<number[]> {
  const window = { storeId: ctx.store.id, at: new Date(), days: TRENDING_WINDOW_DAYS, halfLifeDays: HALF_LIFE_DAYS };
  const [views, units] = await Promise.all([listRecentViewsByVariant(db, window), listRecentUnitsByVariant(db, window)]);
  const scores = [
    ...views.map((row) => ({ variantId: row.variantId, score: row.views, weight: 1 })),
    ...units.map((row) => ({ variantId: row.variantId, score: row.units, weight: ORDER_WEIGHT })),
  ];
  return rankings.rankByVariantScores(db, ctx, scores, request);
}

/** What is bought with the product looked at: the other products of its latest 500 orders, by how many of them hold each. */
async function boughtTogether(db: Db, ctx: CatalogContext, lookedAt: LookedAt, request: rankings.RankingRequest): Promise<number[]> {
  const lines = await listLinesBoughtWith(db, { variantIds: lookedAt.variantIds, orders: BOUGHT_TOGETHER_ORDERS });
  return rankings.rankByOrders(db, ctx, lines, request);
}
