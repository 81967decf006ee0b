import { pageRead } from "./auth.server";
import type { AdminApi } from "./api.server";

/**
 * What a product form offers to choose from: the store's categories (as a tree, each after its parent), its add-ons
 * and the currencies it sells in (the default first).
 */
export async function productChoices(request: Request, api: AdminApi) {
  const [categories, addons, settings] = await Promise.all([
    pageRead(request, api.call("listAdminCategories")),
    pageRead(request, api.call("listAdminAddons")),
    // The shop's settings are the admin API's (permission `settings`, which every role with `catalogue` has).
    pageRead(request, api.call("getAdminStoreSettings")),
  ]);
  const { defaultCurrencyCode, currencyCodes } = settings.data;
  return {
    categories: categories.data.map((category) => ({
      value: category.id,
      label: category.isVisible ? category.name : `${category.name} (hidden)`,
      depth: category.depth,
    })),
    addons: addons.data.addons.map((addon) => ({ value: addon.id, label: addon.name })),
    currencies: [defaultCurrencyCode, ...currencyCodes.filter((code) => code !== defaultCurrencyCode)],
  };
}
