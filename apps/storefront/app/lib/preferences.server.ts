import { createCookie } from "react-router";

const YEAR = 60 * 60 * 24 * 365;
const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/** The shopper's chosen currency and country, each kept in a cookie for a year. */
export const currencyCookie = createCookie("currency", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure });
export const countryCookie = createCookie("country", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure });

export interface Preferences {
  currencyCode?: string;
  countryCode?: string;
}

const CODE = /^[A-Z]{2,3}$/;

/** Reads the preference cookies; anything malformed is ignored so the store defaults apply. */
export function readPreferences(request: Request): Promise<Preferences> {
  return preferencesFromCookieHeader(request.headers.get("Cookie"));
}

/** The preferences a Cookie header holds: for callers with the header alone (the page cache's key). */
export async function preferencesFromCookieHeader(header: string | null | undefined): Promise<Preferences> {
  const currency: unknown = await currencyCookie.parse(header ?? null);
  const country: unknown = await countryCookie.parse(header ?? null);
  return {
    currencyCode: typeof currency === "string" && CODE.test(currency) ? currency : undefined,
    countryCode: typeof country === "string" && CODE.test(country) ? country : undefined,
  };
}

export type ResolvedPreferences = Required<Preferences>;

/** The currency and country in force: the shopper's choice when the store offers it, else the store default. */
export function resolvePreferences(
  settings: { currencyCodes: string[]; countryCodes: string[]; defaultCurrencyCode: string; defaultCountryCode: string },
  chosen: Preferences,
): ResolvedPreferences {
  return {
    currencyCode:
      chosen.currencyCode && settings.currencyCodes.includes(chosen.currencyCode) ? chosen.currencyCode : settings.defaultCurrencyCode,
    countryCode:
      chosen.countryCode && settings.countryCodes.includes(chosen.countryCode) ? chosen.countryCode : settings.defaultCountryCode,
  };
}

export interface PreferenceOption {
  code: string;
  label: string;
}

/*
 * Option labels are made here, on the server, so the browser never renders them with a different ICU
 * build than the one that rendered the HTML (that would be a hydration mismatch).
 */
const currencyNames = new Intl.DisplayNames("en-GB", { type: "currency" });
const regionNames = new Intl.DisplayNames("en-GB", { type: "region" });

export function listCurrencyOptions(codes: string[]): PreferenceOption[] {
  return codes.map((code) => ({ code, label: `${code} · ${currencyNames.of(code) ?? code}` }));
}

export function listCountryOptions(codes: string[]): PreferenceOption[] {
  return codes.map((code) => ({ code, label: regionNames.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
}
