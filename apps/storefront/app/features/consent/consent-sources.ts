import type { CookieConsentSource } from "@quire/contracts";

/**
 * The hidden field that says which form made a cookie decision, for its consent record (decision 060), and its
 * values. A module of its own: every page's scripts carry consent.ts (the banner's frame), and only the settings
 * page's need these.
 */
export const CONSENT_SOURCE_FIELD = "source";
export const CONSENT_SOURCES = { banner: "banner", settingsPage: "settings_page" } as const satisfies Record<string, CookieConsentSource>;
