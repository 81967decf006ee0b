import { randomBytes } from "node:crypto";
import { ConsentSubjectSchema } from "@quire/contracts";
import { createCookie } from "react-router";
import { getEnv } from "~/lib/env.server";
import type { CookieConsent } from "./consent";

const YEAR = 60 * 60 * 24 * 365;
const secure = process.env.NODE_ENV === "production" && !process.env.ALLOW_INSECURE_COOKIES;

/**
 * Bumped when the shop starts using cookies of a kind the shopper was not asked about: a choice made under an
 * older version counts as no choice, and the banner asks again.
 */
export const CONSENT_VERSION = 1;

/**
 * The shopper's choice, kept for a year in their browser (decision 036), with the browser's pseudonymous consent
 * id (`id`) its consent records are kept against on the server (decision 060). HttpOnly: the server renders the
 * banner, the settings page and the tag manager from it, and no script needs to read it.
 */
export const consentCookie = createCookie("cookie_consent", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR, secure });

/** The shopper's choice, or null when there is none (no cookie, a malformed one, or an older version's). */
export async function readConsent(request: Request): Promise<CookieConsent | null> {
  return consentFromCookieHeader(request.headers.get("Cookie"));
}

/** The choice a Cookie header holds: for callers with the header alone (the page cache, the CSP before React Router). */
export async function consentFromCookieHeader(cookieHeader: string | null | undefined): Promise<CookieConsent | null> {
  const value: unknown = await consentCookie.parse(cookieHeader ?? null);
  if (typeof value !== "object" || value === null) return null;
  const { v, analytics, marketing } = value as Record<string, unknown>;
  if (v !== CONSENT_VERSION || typeof analytics !== "boolean" || typeof marketing !== "boolean") return null;
  return { analytics, marketing };
}

/**
 * The browser's consent id from its consent cookie, whatever the cookie's version (a choice asked again is the same
 * browser's); null when there is none, or the cookie was written before consent ids (it gets one with the next choice).
 */
export async function readConsentId(request: Request): Promise<string | null> {
  const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
  const parsed = ConsentSubjectSchema.safeParse(typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined);
  return parsed.success ? parsed.data : null;
}

/**
 * A new consent id: 144 random bits, base64url. It names a browser, not a person, and is worth nothing to anyone
 * else. A leading "-" is written "_" (the contract keeps "-" out of first place: a spreadsheet runs such a cell).
 */
export function newConsentId(): string {
  const id = randomBytes(18).toString("base64url");
  return id.startsWith("-") ? `_${id.slice(1)}` : id;
}

/** The Set-Cookie header that records a choice, with the browser's consent id. */
export function consentCookieHeader(consent: CookieConsent, id: string): Promise<string> {
  return consentCookie.serialize({ v: CONSENT_VERSION, id, analytics: consent.analytics, marketing: consent.marketing });
}

/** The locale cookie's name and its one value: the shop's only locale is en. */
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE = "en";

/**
 * The locale cookie (docs/storefront-behaviour/consent-and-analytics.md): `i18n_redirected=en`, a year, path /,
 * SameSite=Lax; SameSite=None and Secure when the shop is configured to run inside other sites' frames. Set with the
 * shopper's first choice that the shop records in cookies (the cookie banner, the currency and country form), never on
 * a page's answer by itself: an answer that sets a cookie cannot be shared by a cache. Written as is (the value is the
 * bare locale code other tools read, not React Router's encoded cookie value).
 */
export function localeCookieHeader(crossOrigin = getEnv().CROSS_ORIGIN_COOKIES): string {
  const attributes = [`${LOCALE_COOKIE}=${LOCALE}`, `Max-Age=${YEAR}`, "Path=/", crossOrigin ? "SameSite=None" : "SameSite=Lax"];
  if (crossOrigin || secure) attributes.push("Secure");
  return attributes.join("; ");
}

const warnedLocales = new Set<string>();

/**
 * The locale a request's texts are in: the locale cookie's, when the shop has a message set for it. English is
 * the only set, so another value (a cookie written by an older or another version of the shop) is served in English,
 * and the missing message set is logged once per locale as a warning, never shown to the shopper as an error.
 */
export function localeOf(cookieHeader: string | null, warn: (message: string) => void = console.warn): typeof LOCALE {
  const requested = cookieHeader
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  if (requested !== undefined && requested !== LOCALE && !warnedLocales.has(requested)) {
    warnedLocales.add(requested);
    warn(`[i18n] No message set for locale "${requested.slice(0, 20)}": texts are shown in "${LOCALE}".`);
  }
  return LOCALE;
}

/** What the tag manager needs on a page: only when analytics consent is given and an id is configured. */
export interface TagManager {
  id: string;
  /** The script's URL, the container id as its `id` query parameter. */
  scriptUrl: string;
}

export function tagManagerFor(consent: CookieConsent | null): TagManager | null {
  const { TAG_MANAGER_ID: id, TAG_MANAGER_SCRIPT_URL } = getEnv();
  if (!id || !consent?.analytics) return null;
  const url = new URL(TAG_MANAGER_SCRIPT_URL);
  url.searchParams.set("id", id);
  return { id, scriptUrl: url.toString() };
}

/**
 * The origin the Content-Security-Policy must allow scripts and beacons from for this request: the tag
 * manager's, when its script will be on the page; none otherwise. server.mjs asks before React Router runs.
 */
export async function tagManagerOriginFor(cookieHeader: string | undefined): Promise<string | null> {
  const tagManager = tagManagerFor(await consentFromCookieHeader(cookieHeader));
  return tagManager ? new URL(tagManager.scriptUrl).origin : null;
}
