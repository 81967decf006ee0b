import type { ProductSummary } from "@quire/contracts";
import { ProductCard } from "./product-card";
import { useCatalogSettings } from "./use-catalog-settings";

/** Cards in a responsive grid: two columns on a phone, up to four on a wide screen. */
export function ProductGrid({ products, labelledBy }: { products: ProductSummary[]; labelledBy?: string }) {
  const { inventoryAvailability, hidesPricesFromVisitors } = useCatalogSettings();
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            inventoryMode={inventoryAvailability}
            hidesPricesFromVisitors={hidesPricesFromVisitors}
            eager={index < 4}
          />
        </li>
      ))}
    </ul>
  );
}
