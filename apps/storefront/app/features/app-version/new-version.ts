/**
 * A new application version (docs/storefront-behaviour/layout-and-navigation.md): when a route error occurs while the
 * server runs another build than the one this page's scripts came from, the page is loaded again in full, so the
 * shopper gets the new build's scripts and data together. A reload guard of 10 s stops a loop: one reload per 10 s per
 * tab, however often the error comes back.
 */
export const RELOAD_GUARD_MS = 10_000;

/** Where the time of the last such reload is kept: sessionStorage, so per tab, and kept across the reload. */
export const RELOAD_GUARD_STORAGE_KEY = "quire-new-version-reload-at";

/** The server's answer to this path is `{ "version": "<its build's version>" }` (server.mjs). */
export const APP_VERSION_PATH = "/__version";

export type VersionCheckOutcome = "current" | "unknown" | "reloaded" | "held";

export interface VersionCheckDeps {
  /** The version of the build this page's scripts came from; undefined when unknown (development). */
  clientVersion: string | undefined;
  /** The version the server runs now; undefined when it cannot tell (an old server, a network failure). */
  fetchServerVersion(): Promise<string | undefined>;
  storage: Pick<Storage, "getItem" | "setItem">;
  now(): number;
  reload(): void;
}

/** Whether a reload may happen at `now`, given the time of the last one (null: none in this tab). */
export function isReloadAllowed(lastReloadAt: number | null, now: number): boolean {
  // A time in the future (the clock was put back) guards nothing.
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}

/**
 * Called when a route error occurs: asks the server which version it runs and, if that is not this page's,
 * reloads the page, unless the guard holds (a reload less than 10 s ago). Storage that cannot be read or
 * written (a browser that refuses it) means no reload: without the guard a reload could loop.
 */
export async function reloadIfNewVersion(deps: VersionCheckDeps): Promise<VersionCheckOutcome> {
  if (deps.clientVersion === undefined) return "unknown";
  const serverVersion = await deps.fetchServerVersion().catch(() => undefined);
  if (serverVersion === undefined) return "unknown";
  if (serverVersion === deps.clientVersion) return "current";
  try {
    const stored = deps.storage.getItem(RELOAD_GUARD_STORAGE_KEY);
    const lastReloadAt = stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
    const now = deps.now();
    if (!isReloadAllowed(lastReloadAt, now)) return "held";
    deps.storage.setItem(RELOAD_GUARD_STORAGE_KEY, String(now));
  } catch {
    return "held";
  }
  deps.reload();
  return "reloaded";
}

/** The server's current version from APP_VERSION_PATH, or undefined when it gives none. */
export async function fetchServerVersion(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const response = await fetchImpl(APP_VERSION_PATH, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === "string" && version !== "" ? version : undefined;
}
