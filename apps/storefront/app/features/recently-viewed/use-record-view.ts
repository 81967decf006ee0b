import { useEffect } from "react";
import { postInBackground } from "~/lib/post-in-background";

/** The resource route that records a view (routes/recently-viewed.ts). */
export const RECORD_VIEW_PATH = "/recently-viewed";

/**
 * Records a view of `variantId` once the page is really shown: from the browser, after it has rendered, and
 * again when the shopper picks another variant. A loader must not do it (a prefetch runs loaders: hovering a
 * card is not a visit). The answer changes nothing on the page, so it goes outside the router.
 */
export function useRecordView(variantId: number | null) {
  useEffect(() => {
    if (variantId !== null) postInBackground(RECORD_VIEW_PATH, { variantId: String(variantId) });
  }, [variantId]);
}
