import type { RecommendationQuery, Recommendations, RecommendationType } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { getSummaries, type CatalogContext } from "../catalog/catalog.service";
import * as repository from "./recommendations.repository";

/** Cards per answer when the caller does not say. */
export const DEFAULT_RECOMMENDATIONS = 8;

/**
 * GET /recommendations/:type (spec sections 1 and 7; decision 035). Around the variant looked at, when given:
 *   - similar: books sharing its authors, series, themes, occasions and categories; without a variant, trending;
 *   - trending: what shoppers looked at and bought in the last 30 days, recent activity counting most; a shop
 *     with none yet answers its best sellers;
 *   - bought-together: what its orders also held; nothing without a variant or orders;
 *   - related: what the merchant linked to it, then similar books to fill the rest.
 * Only what the caller may see and can buy, never the product looked at; cards as GET /products gives them.
 */
export async function recommend(
  db: Db,
  ctx: CatalogContext,
  type: RecommendationType,
  query: RecommendationQuery,
): Promise<Recommendations> {
  const visibility = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });
  if (!visibility.productsVisible) return { type, results: [] };
  const productId = query.productVariantId === undefined ? null : await requireProductOfVariant(db, ctx.store.id, query.productVariantId);
  const scope: repository.RecommendationScope = {
    storeId: ctx.store.id,
    currencyCode: ctx.currencyCode,
    outOfStockBuyable: ctx.store.isOutOfStockPurchaseEnabled,
    excludeProductId: productId,
    limit: query.PageSize ?? DEFAULT_RECOMMENDATIONS,
  };
  const ids = await rankedIds(db, type, productId, scope);
  return { type, results: await getSummaries(db, ctx, ids) };
}

async function requireProductOfVariant(db: Db, storeId: number, variantId: number): Promise<number> {
  const productId = await repository.findProductOfVariant(db, storeId, variantId);
  if (productId === null)
    throw new AppError("variant_not_found", "Product variant was not found", { field: "querystring.productVariantId" });
  return productId;
}

async function rankedIds(db: Db, type: RecommendationType, productId: number | null, scope: repository.RecommendationScope) {
  switch (type) {
    case "similar":
      return productId === null ? trendingOrBestSellers(db, scope) : repository.findSimilar(db, productId, scope);
    case "trending":
      return trendingOrBestSellers(db, scope);
    case "bought-together":
      return productId === null ? [] : repository.findBoughtTogether(db, productId, scope);
    case "related": {
      if (productId === null) return trendingOrBestSellers(db, scope);
      const linked = await repository.findLinked(db, productId, scope);
      if (linked.length >= scope.limit) return linked;
      const similar = await repository.findSimilar(db, productId, { ...scope, limit: scope.limit + linked.length });
      return [...new Set([...linked, ...similar])].slice(0, scope.limit);
    }
  }
}

/** Trending, filled up with the best sellers while a shop has too little activity to tell. */
async function trendingOrBestSellers(db: Db, scope: repository.RecommendationScope): Promise<number[]> {
  const trending = await repository.findTrending(db, scope);
  if (trending.length >= scope.limit) return trending;
  const bestSellers = await repository.findBestSellers(db, { ...scope, limit: scope.limit + trending.length });
  return [...new Set([...trending, ...bestSellers])].slice(0, scope.limit);
}
