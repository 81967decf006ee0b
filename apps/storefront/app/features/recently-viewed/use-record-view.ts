import { useEffect } from "react";
import { useFetcher } from "react-router";

/** The resource route that records a view (routes/recently-viewed.ts). */
export const RECORD_VIEW_PATH = "/recently-viewed";

/**
 * Records a view of `variantId` once the page is really shown: from the browser, after it has rendered, and
 * again when the shopper picks another variant. A loader must not do it (a prefetch runs loaders: hovering a
 * card is not a visit). The answer changes nothing on the page, so no loader runs again for it.
 */
export function useRecordView(variantId: number) {
  const { submit } = useFetcher();
  useEffect(() => {
    void submit({ variantId }, { method: "post", action: RECORD_VIEW_PATH, defaultShouldRevalidate: false });
  }, [submit, variantId]);
}
