import { ConsentSubjectSchema } from "@quire/contracts";
import { describe, expect, it, vi } from "vitest";
import {
  consentCookieHeader,
  localeCookieHeader,
  localeOf,
  newConsentId,
  readConsent,
  readConsentId,
  tagManagerOriginFor,
} from "./consent.server";

const requestWith = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });
const cookiePair = (header: string) => header.split(";")[0]!;

describe("the consent cookie", () => {
  it("reads back the choice it recorded, and the browser's consent id", async () => {
    const id = newConsentId();
    const header = await consentCookieHeader({ analytics: true, marketing: false }, id);
    expect(await readConsent(requestWith(cookiePair(header)))).toEqual({ analytics: true, marketing: false });
    expect(await readConsentId(requestWith(cookiePair(header)))).toBe(id);
  });

  it("makes consent ids of 144 random bits the API takes, none the same and none starting with -", () => {
    const ids = Array.from({ length: 2000 }, () => newConsentId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(ConsentSubjectSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it("keeps a browser's consent id across versions, and has none for a cookie without one or with a malformed one", async () => {
    const written = (value: object) => requestWith(`cookie_consent=${btoa(JSON.stringify(value))}`);
    const id = "AbCdEfGhIjKlMnOpQrStUvWx";
    expect(await readConsentId(written({ v: 0, id, analytics: true, marketing: true })), "asked again, the same browser").toBe(id);
    expect(await readConsentId(written({ v: 1, analytics: true, marketing: true })), "written before consent ids").toBeNull();
    expect(await readConsentId(written({ v: 1, id: "short", analytics: true, marketing: true }))).toBeNull();
    expect(await readConsentId(written({ v: 1, id: `-${id.slice(1)}`, analytics: true, marketing: true }))).toBeNull();
    expect(await readConsentId(requestWith("cookie_consent=not-json"))).toBeNull();
    expect(await readConsentId(new Request("http://shop.test/"))).toBeNull();
  });

  it("counts no cookie, a malformed one and one without the current version as no choice", async () => {
    expect(await readConsent(new Request("http://shop.test/"))).toBeNull();
    expect(await readConsent(requestWith("cookie_consent=not-json"))).toBeNull();
    // The value as React Router writes an unsigned cookie: base64 of the JSON.
    const written = (value: object) => requestWith(`cookie_consent=${btoa(JSON.stringify(value))}`);
    expect(await readConsent(written({ v: 1, analytics: false, marketing: true }))).toEqual({ analytics: false, marketing: true });
    expect(await readConsent(written({ v: 0, analytics: true, marketing: true }))).toBeNull();
    expect(await readConsent(written({ v: 1, analytics: "yes", marketing: true }))).toBeNull();
  });

  it("names no third party for the policy without a configured tag manager, whatever the choice", async () => {
    const header = await consentCookieHeader({ analytics: true, marketing: true }, newConsentId());
    expect(await tagManagerOriginFor(cookiePair(header))).toBeNull();
    expect(await tagManagerOriginFor(undefined)).toBeNull();
  });
});

describe("the locale cookie", () => {
  it("is i18n_redirected=en for a year on every path, SameSite=Lax", () => {
    expect(localeCookieHeader(false)).toMatch(/^i18n_redirected=en; Max-Age=31536000; Path=\/; SameSite=Lax(; Secure)?$/);
  });

  it("is SameSite=None and Secure when the shop runs inside other sites' frames", () => {
    expect(localeCookieHeader(true)).toBe("i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=None; Secure");
  });
});

describe("localeOf", () => {
  it("answers en for the locale cookie's en and for no cookie, without a warning", () => {
    const warn = vi.fn();
    expect(localeOf("i18n_redirected=en; cookie_consent=x", warn)).toBe("en");
    expect(localeOf(null, warn)).toBe("en");
    expect(warn).not.toHaveBeenCalled();
  });

  it("serves a locale the shop has no message set for in English, and warns once per locale", () => {
    const warn = vi.fn();
    expect(localeOf("a=1; i18n_redirected=fr", warn)).toBe("en");
    expect(localeOf("i18n_redirected=fr", warn)).toBe("en");
    expect(localeOf("i18n_redirected=de", warn)).toBe("en");
    expect(warn.mock.calls).toEqual([
      ['[i18n] No message set for locale "fr": texts are shown in "en".'],
      ['[i18n] No message set for locale "de": texts are shown in "en".'],
    ]);
  });
});
