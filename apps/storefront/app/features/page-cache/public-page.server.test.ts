import { surrogateKeys } from "@quire/contracts/constants";
import { describe, expect, it } from "vitest";
import { consentCookieHeader } from "~/features/consent/consent.server";
import { countryCookie, currencyCookie } from "~/lib/preferences.server";
import {
  PERSONAL_COOKIES,
  SURROGATE_KEY_HEADER_MAX,
  pageRequestOf,
  publicPageKey,
  surrogateKeyHeaderOf,
  type PageRequest,
} from "./public-page.server";

const SHOP = "https://shop.example";
const CONSENT_ID = "AAAAAAAAAAAAAAAAAAAAAAAA";

/** The `name=value` part of a Set-Cookie header, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

const currency = async (code: string) => sentBack(await currencyCookie.serialize(code));
const country = async (code: string) => sentBack(await countryCookie.serialize(code));
const consent = async (choice: Parameters<typeof consentCookieHeader>[0]) => sentBack(await consentCookieHeader(choice, CONSENT_ID));
const REFUSED = { analytics: false, marketing: false };
const MARKETING = { analytics: false, marketing: true };

/** A browser's request for a page of the shop, with these cookies. */
function requestFor(
  address: string,
  { cookies = [], method = "GET", secFetchDest = "document" }: { cookies?: string[]; method?: string; secFetchDest?: string } = {},
): PageRequest {
  return { method, url: new URL(address, SHOP).href, cookie: cookies.length > 0 ? cookies.join("; ") : undefined, secFetchDest };
}

describe("publicPageKey: the pages that may be shared", () => {
  it("a GET of a document without cookies is public, keyed by its whole address", async () => {
    const key = await publicPageKey(requestFor("/products/lamp?colour=red"));
    expect(key).not.toBeNull();
    expect(key).toContain(`${SHOP}/products/lamp?colour=red`);
  });

  it("a page with the currency, country and consent cookies is public", async () => {
    const cookies = [await currency("EUR"), await country("FR"), await consent(MARKETING)];
    expect(await publicPageKey(requestFor("/store", { cookies }))).not.toBeNull();
    expect(await publicPageKey(requestFor("/store", { cookies: [await consent(REFUSED)] }))).not.toBeNull();
  });

  it("reads the Fetch API's request as the rule's parts", async () => {
    const request = new Request(`${SHOP}/store`, { headers: { Cookie: await currency("EUR"), "Sec-Fetch-Dest": "iframe" } });
    expect(pageRequestOf(request)).toEqual({ method: "GET", url: `${SHOP}/store`, cookie: await currency("EUR"), secFetchDest: "iframe" });
    expect(await publicPageKey(pageRequestOf(request))).toBe(
      await publicPageKey(requestFor("/store", { cookies: [await currency("EUR")], secFetchDest: "iframe" })),
    );
  });

  it("the key differs per currency and per country, and is the same for the same choice", async () => {
    const keyWith = async (...cookies: string[]) => publicPageKey(requestFor("/store", { cookies }));
    const keys = [
      await keyWith(),
      await keyWith(await currency("EUR")),
      await keyWith(await currency("GBP")),
      await keyWith(await country("FR")),
      await keyWith(await country("GB")),
      await keyWith(await currency("EUR"), await country("FR")),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(await keyWith(await country("FR"), await currency("EUR"))).toBe(keys[5]);
  });

  it("a malformed currency or country counts as none chosen", async () => {
    const none = await publicPageKey(requestFor("/store"));
    expect(await publicPageKey(requestFor("/store", { cookies: [await currency("<script>"), "country=junk"] }))).toBe(none);
  });

  it("the key differs per consent state: none, refused, marketing", async () => {
    const keys = [
      await publicPageKey(requestFor("/store")),
      await publicPageKey(requestFor("/store", { cookies: [await consent(REFUSED)] })),
      await publicPageKey(requestFor("/store", { cookies: [await consent(MARKETING)] })),
    ];
    expect(keys).not.toContain(null);
    expect(new Set(keys).size).toBe(3);
  });

  it("the key differs for a page loaded into a frame", async () => {
    const page = await publicPageKey(requestFor("/store", { secFetchDest: "document" }));
    const frame = await publicPageKey(requestFor("/store", { secFetchDest: "iframe" }));
    expect(frame).not.toBeNull();
    expect(frame).not.toBe(page);
    // Only a frame matters: a request that does not say where it goes is a page.
    expect(await publicPageKey({ ...requestFor("/store"), secFetchDest: null })).toBe(page);
  });

  it("the key differs per address: path, query and origin", async () => {
    const keys = [
      await publicPageKey(requestFor(`${SHOP}/store`)),
      await publicPageKey(requestFor(`${SHOP}/store?page=2`)),
      await publicPageKey(requestFor(`${SHOP}/store?page=3`)),
      await publicPageKey(requestFor(`${SHOP}/store/lamps`)),
      await publicPageKey(requestFor("https://other-shop.example/store")),
      await publicPageKey(requestFor("http://shop.example/store")),
    ];
    expect(keys).not.toContain(null);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("publicPageKey: the pages never shared", () => {
  it("a request other than GET", async () => {
    for (const method of ["POST", "HEAD", "PUT", "DELETE"]) {
      expect(await publicPageKey(requestFor("/store", { method }))).toBeNull();
    }
  });

  it("a page's data (.data)", async () => {
    expect(await publicPageKey(requestFor("/store.data"))).toBeNull();
    expect(await publicPageKey(requestFor("/products/lamp.data?colour=red"))).toBeNull();
  });

  it("a page whose address holds an emailed secret", async () => {
    for (const path of ["/order-status/abcdef0123456789", "/auth/reset-password/abcdef0123456789", "/newsletter/unsubscribe/abcdef"]) {
      expect(await publicPageKey(requestFor(path))).toBeNull();
    }
    // The page the secret's pages link from is not one of them.
    expect(await publicPageKey(requestFor("/order-status"))).not.toBeNull();
  });

  it("a merchant's preview link", async () => {
    expect(await publicPageKey(requestFor("/products/lamp?preview=abcdef"))).toBeNull();
    expect(await publicPageKey(requestFor("/products/lamp?colour=red&preview="))).toBeNull();
  });

  it.each(PERSONAL_COOKIES)("a request with the %s cookie, whatever its value", async (name) => {
    const others = [await currency("EUR"), await consent(REFUSED)];
    expect(await publicPageKey(requestFor("/store", { cookies: [...others, `${name}=junk`] }))).toBeNull();
    expect(await publicPageKey(requestFor("/store", { cookies: [`${name}=`] }))).toBeNull();
  });

  it("a shopper who consented to analytics", async () => {
    expect(await publicPageKey(requestFor("/store", { cookies: [await consent({ analytics: true, marketing: false })] }))).toBeNull();
    expect(await publicPageKey(requestFor("/store", { cookies: [await consent({ analytics: true, marketing: true })] }))).toBeNull();
  });
});

describe("surrogateKeyHeaderOf", () => {
  it("names settings and menu on every page", () => {
    expect(surrogateKeyHeaderOf([])).toBe("menu settings");
  });

  it("adds the keys collected, sorted, each once", () => {
    const collected = [surrogateKeys.product(12), surrogateKeys.category(3), surrogateKeys.menu, surrogateKeys.product(12), "settings"];
    expect(surrogateKeyHeaderOf(collected)).toBe("category:3 menu product:12 settings");
    expect(surrogateKeyHeaderOf(new Set([surrogateKeys.content(7)]))).toBe("content:7 menu settings");
  });

  it("is null when the header would be longer than SURROGATE_KEY_HEADER_MAX", () => {
    // "menu settings" (13 characters), 314 × " product:1000000nnn" (19 each) and " product:1" (10): 5,989 characters; then
    // " product:10" makes the header the longest allowed, " product:100" one character longer.
    const many = [...Array.from({ length: 314 }, (_, index) => surrogateKeys.product(1_000_000_000 + index)), surrogateKeys.product(1)];
    expect(SURROGATE_KEY_HEADER_MAX).toBe(13 + 314 * 19 + 10 + 11);
    expect(surrogateKeyHeaderOf([...many, surrogateKeys.product(10)])).toHaveLength(SURROGATE_KEY_HEADER_MAX);
    expect(surrogateKeyHeaderOf([...many, surrogateKeys.product(100)])).toBeNull();
  });
});
