import type { ProductSummary } from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/context.server";
import type { Viewer } from "./viewer.server";

type Context = Readonly<RouterContextProvider>;

/** The query naming an anonymous viewer; nothing for a signed-in customer, whose token says who they are. */
const viewerQuery = (viewer: Viewer): { anonymousId?: string } =>
  viewer.signedIn || !viewer.anonymousId ? {} : { anonymousId: viewer.anonymousId };
const canRemember = (viewer: Viewer) => viewer.signedIn || viewer.anonymousId !== null;

/**
 * Records that the viewer saw a variant (POST /viewed-products/variants/:id). Only the page, once shown in
 * the browser, asks for this (routes/recently-viewed.ts): never a loader, which a prefetch runs. Answers
 * whether the view was kept; a failure is logged, never thrown, since a history is never worth an error.
 */
export async function recordProductView(context: Context, viewer: Viewer, variantId: number): Promise<boolean> {
  if (!canRemember(viewer)) return false;
  try {
    await context.get(apiContext).call("recordProductView", { params: { id: variantId }, query: viewerQuery(viewer) });
    return true;
  } catch (error) {
    // A redirect the API client decided (a sign-in gone stale) is for pages to follow; here it is a failure.
    const reason = error instanceof Error ? error.message : error instanceof Response ? `answered ${error.status}` : String(error);
    console.warn("A product view could not be recorded:", reason);
    return false;
  }
}

/**
 * The products the viewer looked at most recently, newest first, leaving out `excludeProductId` (the page
 * being shown). Empty when there is no history or it cannot be read: this row is never worth an error.
 */
export async function listRecentlyViewed(context: Context, viewer: Viewer, excludeProductId?: number): Promise<ProductSummary[]> {
  if (!canRemember(viewer)) return [];
  try {
    const query = { ...viewerQuery(viewer), limit: 12, ...(excludeProductId ? { excludeProductId } : {}) };
    return (await context.get(apiContext).call("listViewedProducts", { query })).data;
  } catch (error) {
    console.warn("Recently viewed products could not be read:", error instanceof Error ? error.message : error);
    return [];
  }
}
