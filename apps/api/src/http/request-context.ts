import { roleAllows, type Permission } from "@quire/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminPrincipal } from "../modules/staff/staff-auth.service";
import type { SessionCustomer } from "../modules/identity/sessions.repository";
import type { Store } from "../modules/stores/stores.repository";
import type { StoreCache } from "../modules/stores/stores.service";
import { clientAddressOf } from "./client-address";
import { AppError } from "./errors";

/** What every handler knows about the caller, from the headers every call carries (API-Key, StoreKey, CurrencyCode...). */
export interface RequestContext {
  store: Store;
  currencyCode: string;
  countryCode: string;
  /** Raw bearer token, if sent (already verified when `customer` is set). */
  bearerToken: string | null;
  /** The signed-in customer's id; null for anonymous visitors. */
  customerId: number | null;
  /** The signed-in customer and what protected calls check about them; null for anonymous visitors. */
  customer: SessionCustomer | null;
  /** The session the bearer token belongs to (sign-out revokes it). */
  sessionId: string | null;
  /** The caller's well-formed network address, for per-client limits (http/client-address.ts). */
  clientIp: string;
  /**
   * On admin routes, which admin key was sent: its position in ADMIN_API_KEYS, from 1. Recorded as the
   * merchant in an order's history, so a change can be traced to the tool that made it.
   */
  adminKeyNumber?: number;
  /** On admin routes, who is calling: a member of staff, an API token or a bootstrap key (decision 046). */
  admin?: AdminPrincipal;
}

/** Turns an admin call's bearer token into its live staff session or API token, or null. */
export type ResolveAdminBearer = (token: string) => Promise<AdminPrincipal | null>;

/** Turns a bearer token into its live session's customer, or null for a forged, expired or revoked one. */
export type ResolveBearer = (token: string) => Promise<{ customer: SessionCustomer; sessionId: string } | null>;

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** Routes that need no API-Key/StoreKey (docs, health). */
    public?: boolean;
    /**
     * The merchant's admin API: a staff session's or API token's bearer token, or a bootstrap Admin-Key, instead
     * of an API-Key and a customer's token (decision 046).
     */
    admin?: boolean;
    /** An admin route anyone may call with a StoreKey alone: staff sign-in and its second step, accepting an invitation. */
    adminPublic?: boolean;
    /**
     * What an admin route needs of its caller's role; "own-session" is a staff member's call about themselves
     * (sign-out, two-factor set-up), which a token or key cannot make.
     */
    permission?: Permission | "own-session";
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
export function registerRequestContext(
  app: FastifyInstance,
  deps: {
    apiKeys: string[];
    adminApiKeys: string[];
    stores: StoreCache;
    resolveBearer: ResolveBearer;
    resolveAdminBearer: ResolveAdminBearer;
  },
) {
  const apiKeys = new Set(deps.apiKeys);
  const adminApiKeys = [...deps.adminApiKeys];
  app.decorateRequest("ctx", null as unknown as RequestContext);
  // Every admin route says what its caller's role must allow, or that anyone may call it: checked as it is added.
  app.addHook("onRoute", (route) => {
    if (route.config?.admin && !route.config.adminPublic && route.config.permission === undefined) {
      throw new Error(`The admin route ${route.method} ${route.url} names no permission (decision 046)`);
    }
    // The OpenAPI document says each admin call's permission, so an integrator knows which role a token needs.
    if (route.config?.admin && route.config.permission !== undefined && route.schema) {
      route.schema["x-permission"] = route.config.permission;
    }
  });
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.public || request.is404) return;

    const config = request.routeOptions.config;
    // The admin API is the merchant's: its own credentials, never a shopper's API-Key or token.
    if (!config?.admin) {
      const apiKey = header(request, "api-key");
      if (!apiKey) throw new AppError("api_key_missing");
      if (!apiKeys.has(apiKey)) throw new AppError("api_key_invalid");
    }
    const authorization = header(request, "authorization");
    let admin: AdminPrincipal | undefined;
    if (config?.admin && !config.adminPublic) admin = await adminPrincipalOf(request, authorization);

    const storeKey = header(request, "storekey");
    if (!storeKey) throw new AppError("store_key_missing");
    if (storeKey.length > 100) throw new AppError("store_key_invalid");
    const store = await deps.stores.getStore(storeKey);
    if (!store) throw new AppError("store_not_found", `No store has the key "${storeKey}"`);

    const currencyCode = (header(request, "currencycode") || store.defaultCurrencyCode).toUpperCase();
    if (!store.currencyCodes.includes(currencyCode)) {
      throw new AppError("currency_not_supported", `This store does not sell in ${currencyCode.slice(0, 10)}`, { field: "CurrencyCode" });
    }
    const countryCode = (header(request, "countrycode") || store.defaultCountryCode).toUpperCase();
    if (!store.countryCodes.includes(countryCode)) {
      throw new AppError("country_not_supported", `This store does not serve ${countryCode.slice(0, 10)}`, { field: "CountryCode" });
    }

    if (admin) {
      // A member's or token's credential is good in its own store only; a bootstrap key in any.
      if (admin.storeId !== null && admin.storeId !== store.id) throw new AppError("staff_token_invalid");
      const permission = config?.permission;
      const allowed =
        permission === undefined ? false : permission === "own-session" ? admin.type === "staff" : roleAllows(admin.role, permission);
      if (!allowed) throw new AppError("permission_denied");
    }

    // A token that is sent must be good: a forged, expired or revoked one is a 401 (the
    // storefront then signs out), never silently treated as anonymous. On admin routes it is the admin's.
    let bearerToken: string | null = null;
    let session: Awaited<ReturnType<ResolveBearer>> = null;
    if (authorization !== undefined && !config?.admin) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      if (!match?.[1]) throw new AppError("token_invalid", "The Authorization header must be 'Bearer <token>'");
      bearerToken = match[1];
      session = await deps.resolveBearer(bearerToken);
      if (!session || session.customer.storeId !== store.id) {
        throw new AppError("token_invalid");
      }
    }

    request.ctx = {
      store,
      currencyCode,
      countryCode,
      bearerToken,
      customerId: session?.customer.id ?? null,
      customer: session?.customer ?? null,
      sessionId: session?.sessionId ?? null,
      clientIp: clientAddressOf(request),
      ...(admin?.type === "admin_key" ? { adminKeyNumber: admin.id } : {}),
      ...(admin ? { admin } : {}),
    };
  });

  /** The admin caller: a bearer token (staff session or API token) if sent, else a bootstrap Admin-Key. */
  async function adminPrincipalOf(request: FastifyRequest, authorization: string | undefined): Promise<AdminPrincipal> {
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      const principal = match?.[1] ? await deps.resolveAdminBearer(match[1]) : null;
      if (!principal) throw new AppError("staff_token_invalid");
      return principal;
    }
    const adminKey = header(request, "admin-key");
    if (!adminKey) throw new AppError("admin_key_missing");
    const position = adminApiKeys.indexOf(adminKey);
    if (position === -1) throw new AppError("admin_key_invalid");
    return { type: "admin_key", id: position + 1, label: `admin key ${position + 1}`, role: "owner", storeId: null };
  }
}
