import type { ProductSummary } from "@quire/contracts";
import { StreamedProductRow } from "~/features/catalog/product-card";

/** The "Recently viewed" row, streamed in after the page. */
export function RecentlyViewedRow({ products }: { products: Promise<ProductSummary[]> }) {
  return <StreamedProductRow id="recently-viewed" title="Recently viewed" products={products} />;
}
