import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The store settings that shape catalogue pages, from the root loader (docs/storefront-behaviour/catalogue.md). */
export function useCatalogSettings() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) throw new Error("Catalogue pages render inside the root route");
  const { settings, currencyCode } = root;
  return {
    storeName: settings.name,
    currencyCode,
    inventoryAvailability: settings.inventoryAvailability,
    showSkus: settings.displayProductVariantSkusEnabled,
    /** Under this policy a missing price means "sign in to see it", not "unpriced". */
    hidesPricesFromVisitors: settings.anonymousCustomerProductPolicy === "HiddenPricesForUnauthorized",
  };
}
