import type { ProductSummary } from "@quire/contracts";
import { Suspense } from "react";
import { Await } from "react-router";
import { ProductCard } from "~/features/catalog/product-card";
import { useCatalogSettings } from "~/features/catalog/use-catalog-settings";

function Row({ products }: { products: ProductSummary[] }) {
  const { inventoryAvailability, hidesPricesFromVisitors } = useCatalogSettings();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="mt-12 border-t border-line pt-10 sm:mt-16">
      <h2 id="recently-viewed" className="text-2xl">
        Recently viewed
      </h2>
      {/* A swipeable row on small screens, a grid from large screens up (as the home page's rails). */}
      <ul className="-mx-4 mt-5 grid snap-x snap-mandatory scroll-px-4 auto-cols-[42%] grid-flow-col gap-4 overflow-x-auto px-4 pb-2 sm:auto-cols-[28%] lg:mx-0 lg:grid-flow-row lg:grid-cols-6 lg:overflow-visible lg:px-0">
        {products.map((product) => (
          <li key={product.id} className="snap-start">
            <ProductCard product={product} inventoryMode={inventoryAvailability} hidesPricesFromVisitors={hidesPricesFromVisitors} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The "Recently viewed" row (inside the page's container), streamed in after the page: it is never worth holding the page back for. */
export function RecentlyViewedRow({ products }: { products: Promise<ProductSummary[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products} errorElement={null}>
        {(list) => <Row products={list} />}
      </Await>
    </Suspense>
  );
}
