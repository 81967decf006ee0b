/**
 * Cookie consent (docs/storefront-behaviour/consent-and-analytics.md): the shopper's analytics and marketing choices.
 * Unset (null) until they accept all (both on), reject all (both off) or save their own choice on /cookies-settings.
 */
export interface CookieConsent {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie settings page: the banner's "Manage" goes here, and the banner never shows on it. */
export const COOKIE_SETTINGS_PATH = "/cookies-settings";

/** The banner's and the settings page's forms. */
export const CONSENT_INTENTS = { acceptAll: "accept-all", rejectAll: "reject-all", save: "save" } as const;

/** The banner's title and description, which name its dialog. */
export const COOKIE_BANNER_TITLE_ID = "cookie-banner-title";
export const COOKIE_BANNER_DESCRIPTION_ID = "cookie-banner-description";
