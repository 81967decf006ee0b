import { FALLBACK_STORE_NAME } from "~/lib/store-name";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The store name from the root match of a meta function's `matches`. */
export function storeNameFrom(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root === "object" && root !== null && "settings" in root) {
    const settings = (root as { settings: { name?: unknown } }).settings;
    if (typeof settings.name === "string" && settings.name.length > 0) return settings.name;
  }
  return FALLBACK_STORE_NAME;
}

/** "Page title | Store name"; a title that already names the store (the home page's) stands alone. */
export function pageTitle(title: string | undefined, matches: ReadonlyArray<MatchLike | undefined>): string {
  const store = storeNameFrom(matches);
  if (!title) return store;
  return title.includes(store) ? title : `${title} | ${store}`;
}
