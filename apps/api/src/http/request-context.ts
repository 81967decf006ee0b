import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Store } from "../modules/stores/stores.repository";
import type { StoreCache } from "../modules/stores/stores.service";
import { AppError } from "./errors";

/** What every handler knows about the caller (spec section 7 headers). */
export interface RequestContext {
  store: Store;
  currencyCode: string;
  countryCode: string;
  /** Raw bearer token, if sent. Verified by the identity module. */
  bearerToken: string | null;
  /** The signed-in customer; null for anonymous visitors. */
  customerId: number | null;
}

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** Routes that need no API-Key/StoreKey (docs, health). */
    public?: boolean;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Resolves API-Key, StoreKey, CurrencyCode and CountryCode before any handler runs. A missing or wrong key
 * is a 401, an unknown store a 404, a currency or country the store does not sell in a 400.
 */
export function registerRequestContext(app: FastifyInstance, deps: { apiKeys: string[]; stores: StoreCache }) {
  const apiKeys = new Set(deps.apiKeys);
  app.decorateRequest("ctx", null as unknown as RequestContext);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.public || request.is404) return;

    const apiKey = header(request, "api-key");
    if (!apiKey) throw new AppError(401, "api_key_missing", "The API-Key header is required");
    if (!apiKeys.has(apiKey)) throw new AppError(401, "api_key_invalid", "The API-Key header is not a valid key");

    const storeKey = header(request, "storekey");
    if (!storeKey) throw new AppError(400, "store_key_missing", "The StoreKey header is required");
    if (storeKey.length > 100) throw new AppError(400, "store_key_invalid", "The StoreKey header is too long");
    const store = await deps.stores.getStore(storeKey);
    if (!store) throw new AppError(404, "store_not_found", `No store has the key "${storeKey}"`);

    const currencyCode = (header(request, "currencycode") || store.defaultCurrencyCode).toUpperCase();
    if (!store.currencyCodes.includes(currencyCode)) {
      throw new AppError(400, "currency_not_supported", `This store does not sell in ${currencyCode.slice(0, 10)}`, "CurrencyCode");
    }
    const countryCode = (header(request, "countrycode") || store.defaultCountryCode).toUpperCase();
    if (!store.countryCodes.includes(countryCode)) {
      throw new AppError(400, "country_not_supported", `This store does not serve ${countryCode.slice(0, 10)}`, "CountryCode");
    }

    const authorization = header(request, "authorization");
    const bearerToken = authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() || null : null;

    request.ctx = { store, currencyCode, countryCode, bearerToken, customerId: null };
  });
}
