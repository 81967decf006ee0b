import type { Db } from "../../db/client";
import type { CatalogContext } from "./catalog.service";
import * as repository from "./product-rankings.repository";

/*
 * Products ranked for a shopper (decision 035: recommendations), as product ids, best first. Every answer keeps to
 * what the caller can buy: published, priced in the caller's currency, and in stock unless the store sells what
 * is out of stock; and never `excludeProductId` (the product looked at). Each ranking is one statement. Whether
 * the caller may see products at all (the store's product policy) is the caller's to check first.
 */

/** What a ranking needs of the request: the store (and whether it sells what is out of stock) and the currency. */
export interface RankingContext {
  store: Pick<CatalogContext["store"], "id" | "isOutOfStockPurchaseEnabled">;
  currencyCode: string;
}

export interface RankingRequest {
  /** Left out of the answer: the product the shopper looks at, or null. */
  excludeProductId: number | null;
  limit: number;
}

/** A variant's score for `rankByVariantScores`: a decimal written as text (exact), counted `weight` times. */
export interface VariantScore {
  variantId: number;
  score: string;
  weight: number;
}

const scopeOf = (ctx: RankingContext, request: RankingRequest): repository.RankingScope => ({
  storeId: ctx.store.id,
  currencyCode: ctx.currencyCode,
  outOfStockBuyable: ctx.store.isOutOfStockPurchaseEnabled,
  excludeProductId: request.excludeProductId,
  limit: request.limit,
});

/**
 * Books like `productId`: the most popular products sharing an author, series, theme, occasion, age range or
 * category with it, and all the books of its authors, scored by what they share (an author or a series 4, a
 * theme 2, a format nothing, any other value or a category 1), then by sales.
 */
export function listSimilarProductIds(db: Db, ctx: RankingContext, productId: number, request: RankingRequest): Promise<number[]> {
  return repository.findSimilar(db, productId, scopeOf(ctx, request));
}

/** The products the merchant linked to `productId`, in the merchant's order. */
export function listLinkedProductIds(db: Db, ctx: RankingContext, productId: number, request: RankingRequest): Promise<number[]> {
  return repository.findLinked(db, productId, scopeOf(ctx, request));
}

/** The store's best sellers (by popularity). */
export function listBestSellerIds(db: Db, ctx: RankingContext, request: RankingRequest): Promise<number[]> {
  return repository.findBestSellers(db, scopeOf(ctx, request));
}

/**
 * The products of these variants by the sum of `weight * score` over their variants (a variant may come more
 * than once, say once for its views and once for its orders), then by sales. The sum is PostgreSQL's exact
 * numeric one, so equal totals tie and sales decide. No statement for no scores.
 */
export async function rankByVariantScores(
  db: Db,
  ctx: RankingContext,
  scores: readonly VariantScore[],
  request: RankingRequest,
): Promise<number[]> {
  if (scores.length === 0) return [];
  const signals = {
    variantIds: scores.map((entry) => entry.variantId),
    weights: scores.map((entry) => entry.weight),
    scores: scores.map((entry) => entry.score),
  };
  return repository.findByVariantScores(db, signals, scopeOf(ctx, request));
}

/**
 * The products of these order lines by how many of the orders hold them (a product once per order, whichever of
 * its variants), then by sales. No statement for no lines.
 */
export async function rankByOrders(
  db: Db,
  ctx: RankingContext,
  lines: readonly { orderId: number; variantId: number }[],
  request: RankingRequest,
): Promise<number[]> {
  if (lines.length === 0) return [];
  const columns = { orderIds: lines.map((line) => line.orderId), variantIds: lines.map((line) => line.variantId) };
  return repository.findByOrders(db, columns, scopeOf(ctx, request));
}
