import { SEARCH_TEXT_MAX, SINGLE_LINE_TEXT } from "@quire/contracts/constants";
import type { ListProductsQuery, ProductFiltersQuery, ProductSort } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/catalog-listing";

/**
 * A product listing's state lives in the URL so a filtered page can be shared, bookmarked and used without
 * JavaScript. The storefront's parameters are short and readable; this module maps them to and from the
 * API's (`Filters`, `MinPrice`, `MaxPrice`, `Sort`, `PageNumber`):
 *
 *   ?q=harbour&format=hardback&format=paperback&min=10&max=20&sort=price-asc&page=2
 *
 * - `q` is the search text (search results only);
 * - each filter is its attribute code, repeated once per chosen value;
 * - `min`/`max` are what a shopper types into the price boxes, in major units ("10", "12.50");
 * - `sort` is one of LISTING_SORTS; `page` is 1-based.
 */

export const LISTING_PAGE_SIZE = 24;
export const DEFAULT_SORT: ProductSort = "popular";

/** Search results are in relevance order unless the shopper chose another. */
export const SEARCH_DEFAULT_SORT: ProductSort = "relevance";

/** The sorts a listing offers, in menu order. Relevance belongs to search results only. */
export const LISTING_SORTS: readonly { value: ProductSort; label: string; usesPrice: boolean; searchOnly?: boolean }[] = [
  { value: "relevance", label: t("catalog.listing.sort.relevance"), usesPrice: false, searchOnly: true },
  { value: "popular", label: t("catalog.listing.sort.popular"), usesPrice: false },
  { value: "newest", label: t("catalog.listing.sort.newest"), usesPrice: false },
  { value: "price-asc", label: t("catalog.listing.sort.price_asc"), usesPrice: true },
  { value: "price-desc", label: t("catalog.listing.sort.price_desc"), usesPrice: true },
  { value: "name-asc", label: t("catalog.listing.sort.name_asc"), usesPrice: false },
  { value: "name-desc", label: t("catalog.listing.sort.name_desc"), usesPrice: false },
];

/** Parameter names the listing itself uses; an attribute with one of these codes cannot be a filter. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set(["q", "page", "sort", "min", "max"]);

// The contract's limits on Filters (ProductFilterParamSchema, ProductSelectionSchema).
const MAX_FILTER_CODES = 20;
const MAX_FILTER_VALUES = 50;
const MAX_VALUE_LENGTH = 100;
const PAGE_PARAM = /^[1-9]\d{0,4}$/;
// Up to a million in major units with at most two decimals: "10", "12.5", "12.50".
const AMOUNT_PARAM = /^(\d{1,6})(?:\.(\d{1,2}))?$/;

export interface ListingFilter {
  code: string;
  values: string[];
}

export interface ListingState {
  /** What the shopper searched for (search results only), trimmed. */
  text?: string;
  filters: ListingFilter[];
  /** Inclusive price bounds in minor units. */
  minPrice?: number;
  maxPrice?: number;
  sort: ProductSort;
  page: number;
}

export type ListingParseResult =
  | {
      ok: true;
      state: ListingState;
      /** The URL carried empty or swapped values (a form submitted without JavaScript); redirect to the tidy one. */
      needsTidyUrl: boolean;
    }
  | {
      ok: false;
      param: string;
      /**
       * 400 when the text itself is malformed (a control character such as NUL, or more or longer values than
       * any listing has): nothing could make it a page. 404 for a well-formed value that names no page (a
       * sort the shop does not offer, a page number that is not one): a failed route validation.
       */
      status: 400 | 404;
    };

/** "12.5" → 1250. Parses the text exactly, so no float ever holds the amount. */
export function parseAmountParam(text: string): number | undefined {
  const match = AMOUNT_PARAM.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 1250 → "12.50", 1000 → "10": the value a price box shows and the URL carries. */
export function formatAmountParam(minor: number): string {
  const major = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(major) : `${major}.${String(cents).padStart(2, "0")}`;
}

/**
 * Reads a listing's state from its query string. `filterCodes` are the attribute codes the shop filters
 * by; any other parameter (a campaign tag, a click id) is left alone rather than filtering by it. A
 * parameter the listing cannot use answers `ok: false` with the status the route answers (see
 * ListingParseResult), before anything is sent to the API.
 */
export function parseListingSearch(search: URLSearchParams, filterCodes: ReadonlySet<string>): ListingParseResult {
  for (const [name, value] of search) {
    const isListingParam = RESERVED_PARAMS.has(name) || filterCodes.has(name);
    const maxLength = name === "q" ? SEARCH_TEXT_MAX : MAX_VALUE_LENGTH;
    if (isListingParam && (value.length > maxLength || !SINGLE_LINE_TEXT.test(value))) return { ok: false, param: name, status: 400 };
  }

  let needsTidyUrl = false;
  const single = (name: string): string | undefined => {
    const value = search.get(name);
    if (value === "") needsTidyUrl = true;
    return value === null || value === "" ? undefined : value;
  };

  const rawText = search.get("q");
  const text = rawText?.trim() || undefined;
  if (rawText !== null && rawText !== text) needsTidyUrl = true;
  const pageText = single("page");
  if (pageText !== undefined && !PAGE_PARAM.test(pageText)) return { ok: false, param: "page", status: 404 };
  const sortText = single("sort");
  const sort =
    sortText === undefined
      ? defaultSort(text)
      : LISTING_SORTS.find((option) => option.value === sortText && (text !== undefined || !option.searchOnly))?.value;
  if (!sort) return { ok: false, param: "sort", status: 404 };

  const bounds: { min?: number; max?: number } = {};
  for (const name of ["min", "max"] as const) {
    const text = single(name);
    if (text === undefined) continue;
    const amount = parseAmountParam(text.trim());
    if (amount === undefined) return { ok: false, param: name, status: 404 };
    bounds[name] = amount;
  }
  // Someone typed the bounds the wrong way round; what they meant is clear.
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) {
    [bounds.min, bounds.max] = [bounds.max, bounds.min];
    needsTidyUrl = true;
  }

  const filters: ListingFilter[] = [];
  for (const code of new Set(search.keys())) {
    if (RESERVED_PARAMS.has(code) || !filterCodes.has(code)) continue;
    const raw = search.getAll(code);
    const values = [...new Set(raw.map((value) => value.trim()).filter(Boolean))];
    if (values.length !== raw.length) needsTidyUrl = true;
    if (values.length === 0) continue;
    if (values.length > MAX_FILTER_VALUES) return { ok: false, param: code, status: 400 };
    filters.push({ code, values });
  }
  if (filters.length > MAX_FILTER_CODES) return { ok: false, param: "filters", status: 400 };

  return {
    ok: true,
    state: {
      ...(text !== undefined ? { text } : {}),
      filters,
      minPrice: bounds.min,
      maxPrice: bounds.max,
      sort,
      page: pageText === undefined ? 1 : Number(pageText),
    },
    needsTidyUrl,
  };
}

/** The order a listing has when none is chosen: relevance for search results, else the most popular first. */
export function defaultSort(text: string | undefined): ProductSort {
  return text === undefined ? DEFAULT_SORT : SEARCH_DEFAULT_SORT;
}

/** The state as a query string (no leading "?"); defaults are left out so URLs stay short. */
export function serialiseListing(state: ListingState): string {
  const params = new URLSearchParams();
  if (state.text !== undefined) params.set("q", state.text);
  for (const filter of state.filters) for (const value of filter.values) params.append(filter.code, value);
  if (state.minPrice !== undefined) params.set("min", formatAmountParam(state.minPrice));
  if (state.maxPrice !== undefined) params.set("max", formatAmountParam(state.maxPrice));
  if (state.sort !== defaultSort(state.text)) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  return params.toString();
}

/** A link to `pathname` showing `state`. */
export function listingHref(pathname: string, state: ListingState): string {
  const search = serialiseListing(state);
  return search ? `${pathname}?${search}` : pathname;
}

// Every change of selection goes back to page 1: page 7 of the old selection means nothing in the new one.

export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page };
}

export function withoutFilterValue(state: ListingState, code: string, value: string): ListingState {
  const filters = state.filters
    .map((filter) => (filter.code === code ? { code, values: filter.values.filter((v) => v !== value) } : filter))
    .filter((filter) => filter.values.length > 0);
  return { ...state, filters, page: 1 };
}

export function withoutPriceBounds(state: ListingState): ListingState {
  return { ...state, minPrice: undefined, maxPrice: undefined, page: 1 };
}

/** Every filter and price bound removed; the search text and the sort are kept. */
export function withoutFilters(state: ListingState): ListingState {
  return { ...(state.text !== undefined ? { text: state.text } : {}), filters: [], sort: state.sort, page: 1 };
}

export function hasFilters(state: ListingState): boolean {
  return state.filters.length > 0 || state.minPrice !== undefined || state.maxPrice !== undefined;
}

export function isSelected(state: ListingState, code: string, value: string): boolean {
  return state.filters.some((filter) => filter.code === code && filter.values.includes(value));
}

/** What to select, as GET /product-filters takes it (and GET /products, which adds paging and sort). */
export function toSelectionQuery(state: ListingState, scope: { categorySlug?: string }): ProductFiltersQuery {
  return {
    ...(scope.categorySlug ? { CategorySlug: scope.categorySlug } : {}),
    ...(state.text !== undefined ? { SearchText: state.text } : {}),
    ...(state.filters.length ? { Filters: state.filters.map((filter) => ({ Code: filter.code, Values: filter.values })) } : {}),
    ...(state.minPrice !== undefined ? { MinPrice: state.minPrice } : {}),
    ...(state.maxPrice !== undefined ? { MaxPrice: state.maxPrice } : {}),
  };
}

export function toProductsQuery(state: ListingState, scope: { categorySlug?: string }): ListProductsQuery {
  return { ...toSelectionQuery(state, scope), Sort: state.sort, PageNumber: state.page, PageSize: LISTING_PAGE_SIZE };
}
