import { useRouteLoaderData } from "react-router";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import type { rootLoader } from "./root-loader.server";

/**
 * The root loader's data: store settings, navigation, chosen currency and country. Undefined only while
 * an error page renders after the root loader itself failed, so chrome must cope without it.
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/**
 * The form keys the browser made, one per load of the root's data (a page that may be shared carries none of its
 * own: decision 064). A new load, after any completed action, is a new object and so gets a new key.
 */
const browserFormKeys = new WeakMap<RootData, string>();

/** 128 random bits as hex: `crypto.randomUUID` exists only on secure origins, a shop tried over plain HTTP too. */
function newBrowserFormKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function browserFormKeyFor(rootData: RootData): string {
  let key = browserFormKeys.get(rootData);
  if (key === undefined) browserFormKeys.set(rootData, (key = newBrowserFormKey()));
  return key;
}

/**
 * The Idempotency-Key an "Add to basket" form of this render sends (decision 018): the same for every
 * submit of the form until the page's data is loaded again (which every completed action does), so a
 * double click or a resent form adds once while a later, deliberate add adds again. `scope` tells the
 * page's forms apart (a variant, the quick order). A page that may be shared carries no key (every shopper given the
 * same copy would send the same one): the browser makes one once it has hydrated, and a form sent before that, or
 * without JavaScript, goes without (the add then happens for each submit). Empty while the root's data is missing
 * (an error page).
 */
export function useFormIdempotencyKey(scope: string | number): string {
  const rootData = useRootData();
  const hydrated = useHydrated();
  const formKey = rootData?.formKey ?? (rootData && hydrated ? browserFormKeyFor(rootData) : undefined);
  return formKey ? `${formKey}-${scope}` : "";
}
