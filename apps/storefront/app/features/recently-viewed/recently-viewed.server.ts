import { ListViewedProductsResponseSchema, type ProductSummary } from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiContext } from "~/lib/context.server";
import type { Viewer } from "./viewer.server";

type Context = Readonly<RouterContextProvider>;

/** The query naming an anonymous viewer; nothing for a signed-in customer, whose token says who they are. */
const viewerQuery = (viewer: Viewer): Record<string, string> =>
  viewer.signedIn || !viewer.anonymousId ? {} : { anonymousId: viewer.anonymousId };
const canRemember = (viewer: Viewer) => viewer.signedIn || viewer.anonymousId !== null;

/**
 * Records that the viewer saw a variant (POST /viewed-products/variants/:id), without waiting for it: a
 * product page never waits for, or fails because of, its history being kept.
 */
export function recordProductView(context: Context, viewer: Viewer, variantId: number): void {
  if (!canRemember(viewer)) return;
  const query = new URLSearchParams(viewerQuery(viewer)).toString();
  context
    .get(apiContext)
    .post(`/viewed-products/variants/${variantId}${query ? `?${query}` : ""}`, z.unknown())
    .catch((error: unknown) => {
      console.warn("A product view could not be recorded:", error instanceof Error ? error.message : error);
    });
}

/**
 * The products the viewer looked at most recently, newest first, leaving out `excludeProductId` (the page
 * being shown). Empty when there is no history or it cannot be read: this row is never worth an error.
 */
export async function listRecentlyViewed(context: Context, viewer: Viewer, excludeProductId?: number): Promise<ProductSummary[]> {
  if (!canRemember(viewer)) return [];
  try {
    const query = { ...viewerQuery(viewer), limit: 12, ...(excludeProductId ? { excludeProductId } : {}) };
    return (await context.get(apiContext).get("/viewed-products", ListViewedProductsResponseSchema, query)).data;
  } catch (error) {
    console.warn("Recently viewed products could not be read:", error instanceof Error ? error.message : error);
    return [];
  }
}
