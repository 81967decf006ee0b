import { ApiRequestError, type AdminApi } from "./api.server";

/**
 * The currencies the shop sells in, for the forms that take an amount per currency. Read from the shop's settings
 * (GET /admin/settings, permission `settings`, which every role with `discounts` or `customers` has today; the
 * public GET /store-settings refuses a member's token). A role without `settings` gets `fallback`: the currencies
 * the thing being edited already names, or the pound.
 */
export async function storeCurrencies(api: AdminApi, fallback: readonly string[] = []): Promise<string[]> {
  try {
    const { data } = await api.call("getAdminStoreSettings");
    return data.currencyCodes.length > 0 ? [...data.currencyCodes] : [data.defaultCurrencyCode];
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403) return fallback.length > 0 ? [...fallback] : ["GBP"];
    throw error;
  }
}
