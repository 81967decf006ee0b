import { ANALYTICS_LIST_ATTRIBUTE } from "~/features/analytics/analytics-attributes";
import type { ProductSummary } from "@quire/contracts";
import { GRID_CARD_SIZES, ProductCard } from "./product-card";
import { useCatalogSettings } from "./use-catalog-settings";

/** Cards in a responsive grid: two columns on a phone, up to four on a wide screen. */
export function ProductGrid({
  products,
  labelledBy,
  analyticsList,
}: {
  products: ProductSummary[];
  labelledBy?: string;
  /** The item_list_id the page's view_item_list named these cards by, for the select_item of a click. */
  analyticsList?: string;
}) {
  const { inventoryAvailability, hidesPricesFromVisitors } = useCatalogSettings();
  return (
    <ul
      aria-labelledby={labelledBy}
      {...{ [ANALYTICS_LIST_ATTRIBUTE]: analyticsList }}
      className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4"
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            inventoryMode={inventoryAvailability}
            hidesPricesFromVisitors={hidesPricesFromVisitors}
            eager={index < 4}
            sizes={GRID_CARD_SIZES}
          />
        </li>
      ))}
    </ul>
  );
}
