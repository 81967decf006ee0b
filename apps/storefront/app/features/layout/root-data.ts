import { useRouteLoaderData } from "react-router";
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
 * The Idempotency-Key an "Add to basket" form of this render sends (decision 018): the same for every
 * submit of the form until the page's data is loaded again (which every completed action does), so a
 * double click or a resent form adds once while a later, deliberate add adds again. `scope` tells the
 * page's forms apart (a variant, the quick order). Empty while the root's data is missing (an error page).
 */
export function useFormIdempotencyKey(scope: string | number): string {
  const formKey = useRootData()?.formKey;
  return formKey ? `${formKey}-${scope}` : "";
}
