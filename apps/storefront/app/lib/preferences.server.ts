import { createCookie } from "react-router";

const YEAR = 60 * 60 * 24 * 365;
const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/** The shopper's chosen currency and country (spec section 9: cookies hold currency and country). */
export const currencyCookie = createCookie("currency", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure });
export const countryCookie = createCookie("country", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure });

export interface Preferences {
  currencyCode?: string;
  countryCode?: string;
}

const CODE = /^[A-Z]{2,3}$/;

/** Reads the preference cookies; anything malformed is ignored so the store defaults apply. */
export async function readPreferences(request: Request): Promise<Preferences> {
  const header = request.headers.get("Cookie");
  const currency: unknown = await currencyCookie.parse(header);
  const country: unknown = await countryCookie.parse(header);
  return {
    currencyCode: typeof currency === "string" && CODE.test(currency) ? currency : undefined,
    countryCode: typeof country === "string" && CODE.test(country) ? country : undefined,
  };
}
