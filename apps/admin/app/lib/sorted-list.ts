import type { TextPageKey } from "@quire/contracts";
import { beforeOf } from "./keyset-list";

/*
 * A list the API sorts several ways and pages by keyset: newest first with `before` (an id), every other order with
 * `after`, the key the API's `nextAfter` wrote (`<id>`, or `<id>:<text>` when sorted by a text). The address carries
 * the order and the key; a hand-edited or stale address starts at the first page rather than being refused.
 */

/** The list's order as the address carries it (`sort`): the first of `sorts` (newest) unless it names another. */
export function sortOf<Sort extends string>(url: URL, sorts: readonly [Sort, ...Sort[]]): Sort {
  return sorts.find((known) => known === url.searchParams.get("sort")) ?? sorts[0];
}

/**
 * The page key in the address, kept only when it suits `sort`: `before` newest first, `after` otherwise, with a text
 * exactly when `sort` is one of `textSorts`. `readKey` is the list's key schema's check.
 */
export function pageKeyOf(
  url: URL,
  sort: string,
  textSorts: readonly string[],
  readKey: (key: string) => { success: true; data: TextPageKey } | { success: false },
): { before: string } | { after: string } | null {
  if (sort === "newest") {
    const before = beforeOf(url);
    return before === undefined ? null : { before: String(before) };
  }
  const after = url.searchParams.get("after") ?? "";
  const key = readKey(after);
  return key.success && (key.data.text !== undefined) === textSorts.includes(sort) ? { after } : null;
}

/** The links to the list's next page (when there is one) and back to its first (when not on it), keeping its filters. */
export function sortedListLinks(
  url: URL,
  answer: { nextBefore: number | null; nextAfter: string | null },
  onFirstPage: boolean,
): { next: string | null; first: string | null } {
  const params = new URLSearchParams(url.searchParams);
  params.delete("before");
  params.delete("after");
  const key: [string, string] | null =
    answer.nextBefore !== null ? ["before", String(answer.nextBefore)] : answer.nextAfter !== null ? ["after", answer.nextAfter] : null;
  return { next: key ? `?${new URLSearchParams([...params, key])}` : null, first: onFirstPage ? null : `?${params}` };
}
