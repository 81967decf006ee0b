import { SINGLE_LINE_TEXT } from "@quire/contracts/constants";
import { useLocation } from "react-router";

/*
 * A link or a form back to "this page" (sign in and come back, the favourite's sign-in link, the basket's and
 * the preferences' redirectTo) is written into the page once per product card, header and form: a listing
 * carries dozens. Copied whole, a 7,000-character parameter someone put in the address became 50 copies of it
 * in one page. Such a link keeps what a page of the shop reads, within bounds, and nothing else (decision 009).
 */

/** The parameters a page reads: the listing's and search's, a product's variant, the account and checkout pages'. */
const PAGE_PARAMS: ReadonlySet<string> = new Set(["q", "page", "sort", "min", "max", "variant", "return", "edit", "order", "redirect_url"]);
/**
 * A listing's filters are named by the merchant's attribute codes, which a header component cannot know: a
 * name shaped like one (lowercase words joined by hyphens) is kept, with values a filter can have.
 */
const FILTER_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const FILTER_NAME_MAX = 40;
/** The listing refuses a longer value (listing-query.ts), and no other parameter is longer. */
const VALUE_MAX = 100;
/** Most values kept in all: the listing's own limits are 20 filters of up to 50 values. */
const VALUES_MAX = 50;
/** The longest path and query the link may carry; a longer path names no page of the shop, so home instead. */
export const PAGE_PATH_MAX = 2_000;

// Every page carries this code: SINGLE_LINE_TEXT rather than isPrintableText, which ships the multiline pattern too.
function isKept(name: string, value: string): boolean {
  if (value.length > VALUE_MAX || !SINGLE_LINE_TEXT.test(value)) return false;
  return PAGE_PARAMS.has(name) || (name.length <= FILTER_NAME_MAX && FILTER_NAME.test(name));
}

/** The path and the known, bounded part of the query of `location`, for a link back to it. */
export function pagePathOf(location: { pathname: string; search: string }): string {
  const { pathname } = location;
  if (pathname.length > PAGE_PATH_MAX) return "/";
  // "&name=value" for each parameter kept: the path's length plus this string's is the link's.
  let pairs = "";
  let count = 0;
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (!isKept(name, value)) continue;
    const longer = `${pairs}&${new URLSearchParams([[name, value]])}`;
    if (count === VALUES_MAX || pathname.length + longer.length > PAGE_PATH_MAX) break;
    pairs = longer;
    count += 1;
  }
  return pairs ? `${pathname}?${pairs.slice(1)}` : pathname;
}

/** This page's path for a link or form that comes back to it (pagePathOf). */
export function usePagePath(): string {
  return pagePathOf(useLocation());
}
