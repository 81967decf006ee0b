/*
 * Lists the API pages by keyset, newest first with `before` (an id): discount codes, customers, companies, pages,
 * redirects, posts (lists sorted several ways page with sorted-list.ts, which reads `before` here too).
 * The address carries `before`; a link to the next (older) page adds the API's `nextBefore`, and one back to the
 * newest drops it, each keeping the list's other filters.
 */

/** The `before` the address asks for, or nothing when it is missing or not a valid id. */
export function beforeOf(url: URL): number | undefined {
  const before = url.searchParams.get("before");
  return before && /^\d{1,10}$/.test(before) && Number(before) >= 1 && Number(before) <= 2_147_483_647 ? Number(before) : undefined;
}

/** The links of a keyset page: to older items (when there are more) and back to the newest (when not on the first). */
export function keysetLinks(url: URL, nextBefore: number | null): { older: string | null; newest: string | null } {
  const params = new URLSearchParams(url.searchParams);
  params.delete("before");
  const older = nextBefore ? `?${new URLSearchParams([...params, ["before", String(nextBefore)]])}` : null;
  return { older, newest: beforeOf(url) ? `?${params}` : null };
}

/** A text filter from the address, trimmed and bounded, or nothing when empty. */
export function searchOf(url: URL, name = "q", max = 100): string | undefined {
  const value = url.searchParams.get(name)?.trim().slice(0, max);
  return value || undefined;
}
