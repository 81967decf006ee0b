import type { ListViewedProductsQuery, ProductSummary } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { getSummaries } from "../catalog/catalog.service";
import { findPublishedProductsOfVariants } from "../catalog/variant-products.service";
import { lockCustomer } from "../identity/customers.service";
import { rankRecentProducts } from "./recent-products";
import * as repository from "./viewed-products.repository";

/** Variants kept per viewer; older views are dropped as new ones arrive. */
export const MAX_VIEWS_PER_VIEWER = 50;

export type ViewedProductsContext = Pick<RequestContext, "store" | "currencyCode" | "customerId">;

/** The signed-in customer, else the anonymous visitor the storefront names (400 without one). */
function resolveViewer(ctx: ViewedProductsContext, anonymousId: string | undefined): repository.Viewer {
  if (ctx.customerId !== null) return { customerId: ctx.customerId };
  if (anonymousId === undefined) {
    throw new AppError("anonymous_id_required", "Sign in or give the visitor's anonymousId", { field: "querystring.anonymousId" });
  }
  return { anonymousId };
}

/** Records a product page view; 404 for a variant the caller cannot see. */
export async function recordProductView(db: Db, ctx: ViewedProductsContext, variantId: number, anonymousId?: string): Promise<void> {
  const viewer = resolveViewer(ctx, anonymousId);
  const { productsVisible } = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });
  // Two statements: the catalogue says whether the variant is a published one of the store, and one write
  // records the view and trims the history.
  const published =
    productsVisible && (await findPublishedProductsOfVariants(db, { storeId: ctx.store.id, variantIds: [variantId] })).has(variantId);
  if (!published) throw new AppError("variant_not_found", "Product variant was not found");
  await repository.recordView(db, { storeId: ctx.store.id, viewer, variantId, keep: MAX_VIEWS_PER_VIEWER });
}

/**
 * Product cards of the viewer's recently viewed products, newest first, as GET /products shows them: only
 * published products of the store, leaving out `excludeProductId`. Three statements at most: the viewer's views,
 * the catalogue's products of their variants, the cards.
 */
export async function listViewedProducts(db: Db, ctx: ViewedProductsContext, query: ListViewedProductsQuery): Promise<ProductSummary[]> {
  const viewer = resolveViewer(ctx, query.anonymousId);
  if (!getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId }).productsVisible) return [];
  const views = await repository.listViews(db, { storeId: ctx.store.id, viewer });
  const productOfVariant = await findPublishedProductsOfVariants(db, {
    storeId: ctx.store.id,
    variantIds: views.map((view) => view.variantId),
  });
  const ids = rankRecentProducts(views, productOfVariant, { limit: query.limit, excludeProductId: query.excludeProductId });
  return getSummaries(db, ctx, ids);
}

/**
 * How much each of the store's variants was looked at lately: the views of the `days` before `at` (a viewer's
 * latest view of a variant, as kept), each weighted by half for every `halfLifeDays` of its age at `at`, so
 * recent views count most. `views` is an exact decimal written as text (sums of such weights compare exactly).
 */
export function listRecentViewsByVariant(
  db: Db,
  input: { storeId: number; at: Date; days: number; halfLifeDays: number },
): Promise<{ variantId: number; views: string }[]> {
  return repository.listDecayedViewsByVariant(db, input);
}

/** Forgets the viewer's recently viewed products. */
export async function clearViewedProducts(db: Db, ctx: ViewedProductsContext, anonymousId?: string): Promise<void> {
  await repository.clearViews(db, { storeId: ctx.store.id, viewer: resolveViewer(ctx, anonymousId) });
}

/**
 * Moves the anonymous visitor's history into the signed-in customer's, on sign-in; an unknown or already
 * merged id is a no-op.
 */
export async function mergeAnonymousHistory(
  db: Db,
  ctx: Pick<RequestContext, "store">,
  customerId: number,
  anonymousId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The customer's row is locked first (and must be of this store), so two merges run one after the other.
    if (!(await lockCustomer(tx, { customerId, storeId: ctx.store.id }))) return;
    await repository.mergeAnonymousViews(tx, { storeId: ctx.store.id, customerId, anonymousId, keep: MAX_VIEWS_PER_VIEWER });
  });
}

/** A customer's recently viewed variants for their data export (decision 062), latest first, at most `limit`, by variant id. */
export function listRecentlyViewedForExport(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  return repository.listViewsOfCustomer(db, input);
}
