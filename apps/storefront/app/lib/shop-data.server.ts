import type { CategoryNode, MenuItem, Redirect, StoreSettings } from "@quire/contracts";
import { buildMainNavigation, type NavEntry } from "~/features/layout/navigation";
import { createApiClient } from "./api.server";
import { getEnv } from "./env.server";

/**
 * Shop-wide data every page needs (spec section 2, start-up: store settings, category tree, menu) and the
 * redirect list. None depends on the shopper, so each process keeps one copy (ARCHITECTURE.md: process
 * caches have a short TTL and may be briefly stale).
 *
 * Stale while revalidating: past CACHE_TTL_SECONDS the copy is still answered at once while one call to the
 * API refreshes it, so no page waits on the refresh; only the first load waits, and callers meanwhile share
 * it. A failed refresh keeps the old copy and is tried again by the next request; a failed first load
 * fails the requests that waited for it. A TTL of 0 turns the cache off.
 */
export function cached<T>(
  load: () => Promise<T>,
  { now = Date.now, ttlSeconds = () => getEnv().CACHE_TTL_SECONDS }: { now?: () => number; ttlSeconds?: () => number } = {},
) {
  let value: { data: T; freshUntil: number } | undefined;
  let pending: Promise<T> | undefined;
  const refresh = () =>
    (pending ??= load()
      .then((data) => {
        value = { data, freshUntil: now() + ttlSeconds() * 1000 };
        return data;
      })
      .finally(() => {
        pending = undefined;
      }));
  return async (): Promise<T> => {
    // No cache at all (CACHE_TTL_SECONDS=0, as the browser tests run): every call reads the API.
    if (ttlSeconds() === 0) return load();
    if (!value) return refresh();
    if (value.freshUntil <= now()) refresh().catch(() => undefined);
    return value.data;
  };
}

// No page is drawn without these: with the API away and no copy kept, the request gets the "back shortly" page.
const api = () => createApiClient({ page: true });

export const getStoreSettings = cached<StoreSettings>(async () => (await api().call("getStoreSettings")).data);
export const getCategoryTree = cached<CategoryNode[]>(async () => (await api().call("getCategoryTree")).data.nodes);
export const getMainMenu = cached<MenuItem[]>(async () => (await api().call("getMenuTree", { params: { code: "main" } })).data.data);

let navigation: { tree: CategoryNode[]; menu: MenuItem[]; entries: NavEntry[] } | undefined;

/**
 * The header's navigation (features/layout/navigation.ts), built once per copy of the tree and the menu
 * rather than on every render, and sent to the browser instead of them: its labels and paths are a third of
 * the tree and menu the pages used to carry in their data.
 */
export async function getMainNavigation(): Promise<NavEntry[]> {
  const [tree, menu] = await Promise.all([getCategoryTree(), getMainMenu()]);
  if (navigation?.tree !== tree || navigation.menu !== menu) navigation = { tree, menu, entries: buildMainNavigation(tree, menu) };
  return navigation.entries;
}

/** The redirect list, loaded once per TTL into a map keyed by old path (spec section 2). */
export const getRedirectMap = cached<Map<string, string>>(async () => {
  const { data } = await api().call("listRedirects", { query: { PageSize: 5000 } });
  return new Map(data.results.map((redirect: Redirect) => [normalisePath(redirect.oldUrl), redirect.newUrl]));
});

/** Lower-cases and drops a trailing slash so "/Shop/Old/" and "/shop/old" match one entry. */
export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.toLowerCase();
}
