import { pageEcommerceEvents, productListEvent } from "~/features/analytics/ecommerce.server";
import { Link } from "react-router";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { textLinkClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CategorySection } from "~/features/catalog/category-links";
import { getListing } from "~/features/catalog/listing.server";
import { hasFilters, listingHref } from "~/features/catalog/listing-query";
import { ProductGrid } from "~/features/catalog/product-grid";
import { ProductListing } from "~/features/catalog/product-listing";
import { SearchForm } from "~/features/layout/search-form";
import { apiContext } from "~/lib/context.server";
import { getCategoryTree } from "~/lib/shop-data.server";
import type { Route } from "./+types/search";
import { t } from "~/lib/i18n/messages/search";
import { textAround } from "~/lib/i18n/translator";

/** How many of the shop's most popular books a search that found nothing offers instead. */
const POPULAR_WHEN_NOTHING_FOUND = 4;

/**
 * /search?q=: the search results, with the same filters, sort and pages as a category (all in the URL, working
 * without JavaScript), a "did you mean" when the API corrected a misspelt word, and, when nothing is found,
 * what to try instead: the correction, tips, the shop's categories and its most popular books.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const text = url.searchParams.get("q")?.trim();
  const topLevel = async () =>
    (await getCategoryTree()).map(({ id, parentId, slug, name, description, position, depth }) => ({
      id,
      parentId,
      slug,
      name,
      description,
      position,
      depth,
    }));
  if (!text) return { listing: null, topLevel: await topLevel(), popular: [] };

  const listing = await getListing({ request, api });
  const nothingFound = listing.page.total === 0 && !hasFilters(listing.state);
  const [categories, popular] = nothingFound
    ? await Promise.all([
        topLevel(),
        api.call("listProducts", { query: { Sort: "popular", PageSize: POPULAR_WHEN_NOTHING_FOUND } }).then(({ data }) => data.results),
      ])
    : [[], []];
  const analytics = await pageEcommerceEvents(context, [
    nothingFound
      ? productListEvent("search-popular", "Popular", popular)
      : productListEvent("search", "Search results", listing.page.results),
  ]);
  return { listing, topLevel: categories, popular, analytics };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.settings.name;
  const text = loaderData?.listing?.state.text;
  const title = text ? t("search.results_title", { text }) : t("search.title");
  // Result pages are endless variations of the catalogue: kept out of search engines, their links followed.
  return [{ title: storeName ? `${title} | ${storeName}` : title }, { name: "robots", content: "noindex, follow" }];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { listing, topLevel, popular } = loaderData;
  const text = listing?.state.text;
  const didYouMean = listing?.page.didYouMean ?? null;
  const correction = didYouMean ? (
    <Link to={listingHref("/search", { text: didYouMean, filters: [], sort: "relevance", page: 1 })} className={textLinkClass}>
      {didYouMean}
    </Link>
  ) : null;
  const including = textAround(t("search.including_results"), "term");
  const didYouMeanText = textAround(t("search.did_you_mean"), "term");
  const crumbs = [{ label: t("search.home"), to: "/" }, { label: t("search.title") }];

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-4 text-display">{text ? t("search.heading_results", { text }) : t("search.heading")}</h1>
      {didYouMean && listing && listing.page.total > 0 ? (
        <p className="mt-3 text-lg text-ink-muted">
          {including[0]}
          {correction}
          {including[1]}
        </p>
      ) : null}

      {listing && (listing.page.total > 0 || hasFilters(listing.state)) ? (
        <div className="mt-8">
          <ProductListing
            listing={listing}
            analyticsList="search"
            emptyHint={{ text: t("search.empty_hint"), href: "/store", label: t("search.browse_store") }}
          />
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-12">
          <section aria-labelledby="search-again" className="rounded-card bg-sunk px-6 py-8">
            <h2 id="search-again" className="text-title">
              {text ? t("search.nothing_matched") : t("search.looking_for")}
            </h2>
            {didYouMean ? (
              <p className="mt-3 text-lg">
                {didYouMeanText[0]}
                {correction}
                {didYouMeanText[1]}
              </p>
            ) : null}
            <ul className="mt-3 list-disc pl-5 text-ink-muted">
              <li>{t("search.tip_spelling")}</li>
              <li>{t("search.tip_fields")}</li>
            </ul>
            <SearchForm className="mt-5 max-w-xl" label={t("search.search_again")} />
          </section>

          <CategorySection id="search-categories" categories={topLevel} />

          {popular.length > 0 ? (
            <section aria-labelledby="search-popular">
              <h2 id="search-popular" className="text-title">
                {t("search.popular")}
              </h2>
              <div className="mt-5">
                <ProductGrid products={popular} labelledBy="search-popular" analyticsList="search-popular" />
              </div>
            </section>
          ) : null}
        </div>
      )}
    </Container>
  );
}
