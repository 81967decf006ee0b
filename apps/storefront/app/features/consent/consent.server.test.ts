import { describe, expect, it } from "vitest";
import { consentCookieHeader, localeCookieHeader, readConsent, tagManagerOriginFor } from "./consent.server";

const requestWith = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });
const cookiePair = (header: string) => header.split(";")[0]!;

describe("the consent cookie", () => {
  it("reads back the choice it recorded", async () => {
    const header = await consentCookieHeader({ analytics: true, marketing: false });
    expect(await readConsent(requestWith(cookiePair(header)))).toEqual({ analytics: true, marketing: false });
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
    const header = await consentCookieHeader({ analytics: true, marketing: true });
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
