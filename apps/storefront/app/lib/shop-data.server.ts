import type { CategoryNode, MenuItem, Redirect, StoreSettings } from "@quire/contracts";
import { createApiClient } from "./api.server";
import { getEnv } from "./env.server";

/**
 * Shop-wide data every page needs (spec section 2, start-up: store settings, category tree, menu) and the
 * redirect list. None depends on the shopper, so each process keeps one copy for CACHE_TTL_SECONDS
 * (ARCHITECTURE.md: process caches have a short TTL and may be briefly stale).
 */
export function cached<T>(load: () => Promise<T>) {
  let value: { data: T; expiresAt: number } | undefined;
  let pending: Promise<T> | undefined;
  return async (): Promise<T> => {
    const now = Date.now();
    if (value && value.expiresAt > now) return value.data;
    pending ??= load()
      .then((data) => {
        value = { data, expiresAt: Date.now() + getEnv().CACHE_TTL_SECONDS * 1000 };
        return data;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

const api = () => createApiClient();

export const getStoreSettings = cached<StoreSettings>(async () => (await api().call("getStoreSettings")).data);
export const getCategoryTree = cached<CategoryNode[]>(async () => (await api().call("getCategoryTree")).data.nodes);
export const getMainMenu = cached<MenuItem[]>(async () => (await api().call("getMenuTree", { params: { code: "main" } })).data.data);

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
