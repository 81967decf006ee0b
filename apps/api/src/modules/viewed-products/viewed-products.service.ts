import type { ListViewedProductsQuery, ProductSummary } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { getSummaries } from "../catalog/catalog.service";
import { lockCustomer } from "../identity/customers.service";
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
  // One statement: it records the view only for a published variant of the store, and trims the history.
  const recorded =
    productsVisible && (await repository.recordView(db, { storeId: ctx.store.id, viewer, variantId, keep: MAX_VIEWS_PER_VIEWER }));
  if (!recorded) throw new AppError("variant_not_found", "Product variant was not found");
}

/** Product cards of the viewer's recently viewed products, newest first, as GET /products shows them. */
export async function listViewedProducts(db: Db, ctx: ViewedProductsContext, query: ListViewedProductsQuery): Promise<ProductSummary[]> {
  const viewer = resolveViewer(ctx, query.anonymousId);
  if (!getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId }).productsVisible) return [];
  const ids = await repository.listRecentProductIds(db, {
    storeId: ctx.store.id,
    viewer,
    limit: query.limit,
    excludeProductId: query.excludeProductId,
  });
  return getSummaries(db, ctx, ids);
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
