import { data, redirect } from "react-router";
import { ApiRequestError, createApiClient, type ApiClient } from "~/lib/api.server";
import { notFound } from "~/lib/not-found.server";
import { cached } from "~/lib/shop-data.server";
import { listingHref, parseListingSearch, RESERVED_PARAMS, toProductsQuery, toSelectionQuery } from "./listing-query";
import { listFacets } from "./listing-facets";

/**
 * The attribute codes the shop filters by. A listing URL's other parameters (campaign tags, click ids) are
 * then never mistaken for filters. Shop-wide and rarely changed, so kept per process like the category tree.
 */
const getFilterCodes = cached<ReadonlySet<string>>(async () => {
  const { data } = await createApiClient({ page: true }).call("listFilterAttributes");
  return new Set(data.map((attribute) => attribute.code));
});

/**
 * One page of a product listing (the whole catalogue, or a category with its subcategories) with the
 * facets of the same selection. Malformed text in a parameter is a 400; values that name no page and pages
 * past the end are a 404; a URL with empty form fields redirects to its tidy form, keeping parameters that
 * are not the listing's.
 */
export async function getListing({ request, api, categorySlug }: { request: Request; api: ApiClient; categorySlug?: string }) {
  const url = new URL(request.url);
  const filterCodes = await getFilterCodes();
  const parsed = parseListingSearch(url.searchParams, filterCodes);
  // A control character or an over-long value is refused here, before it reaches the API: the error page, 400.
  if (!parsed.ok) throw parsed.status === 400 ? data(null, { status: 400, statusText: "Bad Request" }) : notFound(request);
  const { state } = parsed;

  if (parsed.needsTidyUrl) {
    const tidy = new URL(listingHref(url.pathname, state), url);
    for (const [name, value] of url.searchParams) {
      if (!RESERVED_PARAMS.has(name) && !filterCodes.has(name)) tidy.searchParams.append(name, value);
    }
    throw redirect(`${tidy.pathname}${tidy.search}`);
  }

  const scope = { categorySlug };
  try {
    const [products, filters] = await Promise.all([
      api.call("listProducts", { query: toProductsQuery(state, scope) }),
      api.call("getProductFilters", { query: toSelectionQuery(state, scope) }),
    ]);
    if (state.page > Math.max(1, products.data.totalPages)) throw notFound(request);
    const { facets, ...selection } = filters.data;
    return { state, pathname: url.pathname, page: products.data, ...selection, facets: listFacets(facets) };
  } catch (error) {
    // The API refusing a selection (400) or not knowing its category (404) means the URL is not a page.
    if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) throw notFound(request);
    throw error;
  }
}

export type Listing = Awaited<ReturnType<typeof getListing>>;
