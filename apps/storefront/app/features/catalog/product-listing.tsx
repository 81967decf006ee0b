import type { ProductSummary } from "@quire/contracts";
import { Link } from "react-router";
import { usePagePath } from "~/lib/page-path";
import { ButtonLink, textLinkClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Pagination } from "~/components/ui/pagination";
import { ActiveFilters } from "./active-filters";
import type { ListedFacet } from "./listing-facets";
import { ListingFilters, type PriceRange } from "./listing-filters";
import { hasFilters, LISTING_PAGE_SIZE, listingHref, withoutFilters, withPage, type ListingState } from "./listing-query";
import { ProductGrid } from "./product-grid";
import { SortSelect } from "./sort-select";
import { useCatalogSettings } from "./use-catalog-settings";
import { useOptimisticListingState } from "./use-listing-submit";
import { t } from "~/lib/i18n/messages/catalog-listing";
import { t as catalogText } from "~/lib/i18n/messages/catalog";

export interface ListingView {
  state: ListingState;
  pathname: string;
  page: { results: ProductSummary[]; total: number; pageNumber: number; totalPages: number };
  facets: ListedFacet[];
  priceRange: PriceRange | null;
}

/**
 * A product listing: filters, sort, applied-filter chips, the grid and page links. Everything it shows
 * comes from the URL (see listing-query.ts), so any view can be shared and works without JavaScript.
 */
export function ProductListing({
  listing,
  title,
  emptyHint,
  analyticsList,
}: {
  listing: ListingView;
  /** The item_list_id of the page's view_item_list, for the select_item of a click on a card. */
  analyticsList?: string;
  /** Heading of the results; without one the heading is the number of results. */
  title?: string;
  emptyHint: { text: string; href: string; label: string };
}) {
  const { state, pathname, page, facets, priceRange } = listing;
  const { currencyCode, hidesPricesFromVisitors } = useCatalogSettings();
  const view = useOptimisticListingState(state, pathname, new Set(facets.map((facet) => facet.code)));
  const here = usePagePath();
  // Under the hidden-prices policy the API sends no prices to this visitor; price filters and sorts go too.
  const pricesHidden = hidesPricesFromVisitors && page.results.every((product) => product.price === null);
  const first = (page.pageNumber - 1) * LISTING_PAGE_SIZE + 1;
  const last = first + page.results.length - 1;
  const resultCount = page.total === 1 ? t("catalog.listing.result_count_one") : t("catalog.listing.result_count", { count: page.total });
  const range = page.total > page.results.length && page.results.length > 0 ? t("catalog.listing.showing", { first, last }) : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-label={t("catalog.listing.filters")}>
        <ListingFilters
          state={state}
          view={view}
          pathname={pathname}
          facets={facets}
          priceRange={priceRange}
          currencyCode={currencyCode}
          pricesHidden={pricesHidden}
        />
      </aside>

      <section aria-labelledby="listing-results" className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
          <div aria-live="polite">
            <h2 id="listing-results" className={title ? "text-title" : "font-sans text-lg font-semibold"}>
              {title ?? resultCount}
            </h2>
            {title || range ? (
              <p className="mt-1 text-sm text-ink-muted">{[title ? resultCount : null, range].filter(Boolean).join(" · ")}</p>
            ) : null}
          </div>
          {/* The view, not the loaded state: a sort chosen while a filter is still loading keeps that filter. */}
          <SortSelect state={view} pathname={pathname} pricesHidden={pricesHidden} />
        </div>

        <ActiveFilters state={state} pathname={pathname} facets={facets} currencyCode={currencyCode} />

        {pricesHidden && page.results.length > 0 ? (
          <p className="flex items-center gap-2 rounded-control bg-info-soft px-4 py-3 text-sm text-info">
            <Icon name="lock" className="size-4 shrink-0" />
            <span>
              {t("catalog.listing.prices_for_customers")}{" "}
              <Link to={`/auth/login?redirect_url=${encodeURIComponent(here)}`} className="font-semibold underline underline-offset-3">
                {catalogText("catalog.sign_in_for_prices")}
              </Link>
            </span>
          </p>
        ) : null}

        {page.results.length > 0 ? (
          <ProductGrid products={page.results} labelledBy="listing-results" analyticsList={analyticsList} />
        ) : hasFilters(state) ? (
          <div className="rounded-card bg-sunk px-6 py-10 text-center">
            <h3 className="text-xl">{t("catalog.listing.nothing_matches")}</h3>
            <p className="mt-2 text-ink-muted">{t("catalog.listing.nothing_matches_hint")}</p>
            <ButtonLink to={listingHref(pathname, withoutFilters(state))} preventScrollReset variant="secondary" className="mt-5">
              {t("catalog.listing.clear_all_filters")}
            </ButtonLink>
          </div>
        ) : (
          <div className="rounded-card bg-sunk px-6 py-10 text-center">
            <h3 className="text-xl">{t("catalog.listing.nothing_yet")}</h3>
            <p className="mt-2 text-ink-muted">
              {emptyHint.text}{" "}
              <Link to={emptyHint.href} className={textLinkClass}>
                {emptyHint.label}
              </Link>
            </p>
          </div>
        )}

        <Pagination
          currentPage={page.pageNumber}
          totalPages={page.totalPages}
          hrefForPage={(number) => listingHref(pathname, withPage(state, number))}
          className="mt-4"
        />
      </section>
    </div>
  );
}
