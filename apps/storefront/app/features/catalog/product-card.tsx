import { ANALYTICS_LIST_ATTRIBUTE, ANALYTICS_PRODUCT_ATTRIBUTE } from "~/features/analytics/analytics-attributes";
import type { InventoryAvailability, ProductSummary } from "@quire/contracts";
import { Suspense } from "react";
import { Await } from "react-router";
import { PrefetchLink } from "~/components/ui/prefetch-link";
import { Price } from "~/components/ui/price";
import { CardAddToCart } from "~/features/cart/card-add-to-cart";
import { FavouriteToggle } from "~/features/wishlists/favourite-toggle";
import { coverUrlFor } from "./cover-svg";
import { ProductPicture } from "./product-picture";
import { StockBadge } from "./stock-badge";
import { useCatalogSettings } from "./use-catalog-settings";
import { t } from "~/lib/i18n/messages/catalog";

export function productHref(slug: string): string {
  return `/store/product/${slug}`;
}

/**
 * How wide a card's picture is shown (its `sizes`), in ProductGrid: half the phone's width, a third from md, and
 * from xl a quarter of the page's 80rem (less its padding and gaps: at most about 18rem, without filters beside).
 */
export const GRID_CARD_SIZES = "(min-width: 1280px) 18rem, (min-width: 768px) 33vw, 50vw";
/** In ProductCardList: 42% of a phone's width, 28% from sm, and a sixth of the page from lg (at most 12rem). */
export const ROW_CARD_SIZES = "(min-width: 1024px) 12rem, (min-width: 640px) 28vw, 42vw";

/**
 * One product in a grid. The title link stretches over the whole card, so the card is one link for screen
 * readers; the focus ring is drawn around the card. "Add to basket" and the favourite toggle sit above the
 * stretched link, each its own tab stop.
 */
export function ProductCard({
  product,
  inventoryMode,
  hidesPricesFromVisitors,
  eager = false,
  sizes,
}: {
  product: ProductSummary;
  inventoryMode: InventoryAvailability;
  hidesPricesFromVisitors: boolean;
  /** Load the image at once (cards in the first row), not lazily. */
  eager?: boolean;
  /** How wide the card's picture is shown: GRID_CARD_SIZES or ROW_CARD_SIZES, as the list lays cards out. */
  sizes: string;
}) {
  const image = product.image ?? { url: coverUrlFor({ slug: product.slug, title: product.name, author: product.byline }), alt: "" };
  return (
    <article
      {...{ [ANALYTICS_PRODUCT_ATTRIBUTE]: product.id }}
      className="group relative flex h-full flex-col rounded-card outline-offset-4 outline-accent has-[a:focus-visible]:outline-3"
    >
      <div className="aspect-[2/3] overflow-hidden rounded-control bg-sunk shadow-sm ring-1 ring-line transition-shadow group-hover:shadow-md">
        <ProductPicture
          image={image}
          sizes={sizes}
          loading={eager ? "eager" : "lazy"}
          className="size-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <h3 className="mt-3 font-serif text-base leading-snug font-semibold sm:text-lg">
        <PrefetchLink
          to={productHref(product.slug)}
          className="after:absolute after:inset-0 focus-visible:outline-none group-hover:underline group-hover:decoration-1 group-hover:underline-offset-3"
        >
          {product.name}
        </PrefetchLink>
      </h3>
      {product.byline ? <p className="mt-0.5 text-sm text-ink-muted">{product.byline}</p> : null}
      <div className="mt-auto flex flex-col gap-1 pt-2">
        {product.price ? (
          <Price
            amount={product.price.amount}
            originalPrice={product.price.originalPrice}
            lowestPriorPrice={product.price.lowestPriorPrice}
            currencyCode={product.price.currencyCode}
            from={product.hasPriceRange}
          />
        ) : hidesPricesFromVisitors ? (
          <p className="text-sm text-ink-muted">{t("catalog.sign_in_for_prices")}</p>
        ) : null}
        <StockBadge stock={product.stock} mode={inventoryMode} />
        <CardAddToCart product={product} />
      </div>
      <FavouriteToggle variantId={product.defaultVariantId} productName={product.name} className="absolute top-2 right-2 z-10" />
    </article>
  );
}

/** Product cards in a swipeable row on small screens, a six-column grid from large screens up. */
export function ProductCardList({
  products,
  className = "",
  analyticsList,
}: {
  products: ProductSummary[];
  className?: string;
  /** The item_list_id the page's view_item_list named these cards by. */
  analyticsList?: string;
}) {
  const { inventoryAvailability, hidesPricesFromVisitors } = useCatalogSettings();
  return (
    <ul
      {...{ [ANALYTICS_LIST_ATTRIBUTE]: analyticsList }}
      className={`-mx-4 grid snap-x snap-mandatory scroll-px-4 auto-cols-[42%] grid-flow-col gap-4 overflow-x-auto px-4 pb-2 sm:auto-cols-[28%] lg:mx-0 lg:grid-flow-row lg:grid-cols-6 lg:overflow-visible lg:px-0 ${className}`}
    >
      {products.map((product) => (
        <li key={product.id} className="snap-start">
          <ProductCard
            product={product}
            inventoryMode={inventoryAvailability}
            hidesPricesFromVisitors={hidesPricesFromVisitors}
            sizes={ROW_CARD_SIZES}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductRow({ id, title, products }: { id: string; title: string; products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12 border-t border-line pt-10 sm:mt-16">
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <ProductCardList products={products} className="mt-5" />
    </section>
  );
}

/**
 * A titled row of product cards below a page's main content (inside its container), streamed in after the
 * page: recently viewed, recommendations. Never worth holding the page back for; empty or failed, it is not shown.
 */
export function StreamedProductRow({ id, title, products }: { id: string; title: string; products: Promise<ProductSummary[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products} errorElement={null}>
        {(list) => <ProductRow id={id} title={title} products={list} />}
      </Await>
    </Suspense>
  );
}
