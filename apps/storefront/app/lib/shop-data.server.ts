import type { CategoryNode, MenuItem, Redirect, StoreSettings } from "@quire/contracts";
import { createApiClient } from "./api.server";
import { getEnv } from "./env.server";

/** What forgets each copy kept by `cached`. */
const forgetters: Array<() => void> = [];

/**
 * Forgets every copy of the shop-wide data: the page cache (decision 064) calls it when the API says something changed,
 * so the pages rendered next are made from the API's data, not from a copy older than the change.
 */
export function forgetShopData(): void {
  for (const forget of forgetters) forget();
}

/**
 * Shop-wide data every page needs (store settings, category tree, menu) and the redirect list. None depends on the
 * shopper, so each process keeps one copy, for a short time: storefront processes stay stateless and any number can
 * run, at the price of a copy that may be briefly stale after a change.
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
  forgetters.push(() => {
    value = undefined;
  });
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

/**
 * The longest the copies of the merchant's content are kept (the main menu, the redirect list), whatever
 * CACHE_TTL_SECONDS says: a menu or redirect changed through the admin API (decision 051) reaches every shopper within
 * seconds. The API answers both from the primary's tables with no copy of its own, and no notice of a change reaches
 * the storefront's processes, so a short life is how the copy follows: one call of each per process every few
 * seconds, in the background (a shopper never waits for it). Pages and posts are not kept at all.
 */
export const CONTENT_CACHE_TTL_SECONDS = 5;
const contentTtlSeconds = () => Math.min(getEnv().CACHE_TTL_SECONDS, CONTENT_CACHE_TTL_SECONDS);

export const getMainMenu = cached<MenuItem[]>(async () => (await api().call("getMenuTree", { params: { code: "main" } })).data.data, {
  ttlSeconds: contentTtlSeconds,
});

/** The redirect list, loaded once per content TTL into a map keyed by old path. */
export const getRedirectMap = cached<Map<string, string>>(
  async () => {
    const { data } = await api().call("listRedirects", { query: { PageSize: 5000 } });
    return new Map(data.results.map((redirect: Redirect) => [normalisePath(redirect.oldUrl), redirect.newUrl]));
  },
  { ttlSeconds: contentTtlSeconds },
);

/** Lower-cases and drops a trailing slash so "/Shop/Old/" and "/shop/old" match one entry. */
export function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.toLowerCase();
}
