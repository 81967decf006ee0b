import { t } from "~/lib/i18n/messages/account";

/**
 * The account's lists (orders, returns), read a page at a time (?page=N, 1-based, as the catalogue's listings).
 * Plain data, no zod: the pages' links are built in the browser too.
 */
export const ACCOUNT_LIST_PAGE_SIZE = 10;

const PAGE_PARAM = /^[1-9]\d{0,4}$/;

/**
 * The page the URL asks for: 1 without ?page, null when ?page is not a page number (the route answers 404,
 * as the catalogue does). A number past the last page is for the loader to refuse once it knows the total.
 */
export function parseListPage(search: URLSearchParams): number | null {
  const values = search.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1 || !PAGE_PARAM.test(values[0]!)) return null;
  return Number(values[0]);
}

/** A list's address for a page: page 1 is the bare path. */
export function listPageHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** A row's item count: "1 item", "3 items". */
export function itemCountLabel(count: number): string {
  return count === 1 ? t("account.item_count_one") : t("account.item_count", { count });
}
