import type { ProductSummary } from "@quire/contracts";
import { StreamedProductRow } from "~/features/catalog/product-card";
import { t } from "~/lib/i18n/messages/catalog";

/** The "Recently viewed" row, streamed in after the page. */
export function RecentlyViewedRow({ products }: { products: Promise<ProductSummary[]> }) {
  return <StreamedProductRow id="recently-viewed" title={t("catalog.recently_viewed")} products={products} />;
}
