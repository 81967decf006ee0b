import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/**
 * The root loader's data: store settings, navigation, chosen currency and country. Undefined only while
 * an error page renders after the root loader itself failed, so chrome must cope without it.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/** The store's name for titles and the logo; the demo shop's name when settings could not be loaded. */
export const FALLBACK_STORE_NAME = "Quire Books";
