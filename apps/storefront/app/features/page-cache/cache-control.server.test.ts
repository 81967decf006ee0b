import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { consentCookieHeader } from "~/features/consent/consent.server";
import { PRIVATE_NO_STORE } from "~/lib/cache-control.server";
import { cacheControlMiddleware } from "./cache-control.server";
import { currencyCookie } from "~/lib/preferences.server";
import { PUBLIC_CACHE_CONTROL, PUBLIC_PAGE_VARY, publicPageContext, type PublicPage } from "./public-page.server";
import { anonymousCartCookie, tokenCookie } from "~/lib/session.server";

const SHOP = "https://shop.example";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const CART_ID = "Zm9vYmFyYmF6cXV4cXV1eHF1dXg";

async function cookieOf(cookie: typeof tokenCookie, value: string) {
  return (await cookie.serialize(value)).split(";")[0]!;
}

/**
 * What the middleware answers for `path`, with these request cookies, around the page `inner` answers; `inner` is
 * given the request's public page, as the routes' loaders see it (null when the page is not shared).
 */
async function answer(path: string, cookies: string[], inner: (publicPage: PublicPage | null) => Response) {
  const request = new Request(`${SHOP}${path}`, { headers: cookies.length > 0 ? { Cookie: cookies.join("; ") } : {} });
  const context = new RouterContextProvider();
  return (await cacheControlMiddleware({ request, context } as never, async () => inner(context.get(publicPageContext)))) as Response;
}

const page =
  (headers: Record<string, string> = {}) =>
  () =>
    new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html", ...headers } });

describe("answers marked personal", () => {
  it("a page for a signed-in shopper is private, no-store", async () => {
    const response = await answer("/store", [await cookieOf(tokenCookie, TOKEN)], page());
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("a page, or its data, for a shopper with a basket is private, no-store, whatever it asked for", async () => {
    const cart = await cookieOf(anonymousCartCookie, CART_ID);
    expect((await answer("/store", [cart], page({ "Cache-Control": "public, max-age=60" }))).headers.get("Cache-Control")).toBe(
      PRIVATE_NO_STORE,
    );
    const data = await answer("/store.data", [cart], () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }));
    expect(data.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("any answer that sets a cookie is private, no-store, a resource route's or a redirect's too", async () => {
    const redirect = await answer(
      "/preferences",
      [],
      () => new Response(null, { status: 302, headers: { Location: "/", "Set-Cookie": "currency=EUR" } }),
    );
    expect(redirect.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    const json = Response.json({}, { headers: { "Set-Cookie": "flash=1" } });
    const copied = await answer("/cart/add", [], () => json);
    expect(copied.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("a public page of an anonymous shopper without a basket is shared, or keeps the caching its route asked for", async () => {
    expect((await answer("/store", [], page())).headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect((await answer("/store", ["currency=EUR"], page({ "Cache-Control": "public, max-age=60" }))).headers.get("Cache-Control")).toBe(
      "public, max-age=60",
    );
  });

  it("a file such as a cover keeps its own caching, even for a signed-in shopper", async () => {
    const cover = () =>
      new Response("<svg/>", { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=31536000, immutable" } });
    const response = await answer("/media/covers/12.svg", [await cookieOf(tokenCookie, TOKEN)], cover);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    // An uploaded image passed on from the API (routes/media-image.ts), for a shopper with a basket too.
    const image = () =>
      new Response(new Uint8Array([0xff, 0xd8]), {
        headers: { "Content-Type": "image/avif", "Cache-Control": "public, max-age=31536000, immutable" },
      });
    const uploaded = await answer(
      "/media/images/0123456789abcdef0123456789abcdef-480.avif",
      [await cookieOf(tokenCookie, TOKEN), await cookieOf(anonymousCartCookie, CART_ID)],
      image,
    );
    expect(uploaded.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("pages shared (decision 064)", () => {
  it("an anonymous shopper's page answered 200 is public, varies on the cookies and names what it shows", async () => {
    const currency = (await currencyCookie.serialize("EUR")).split(";")[0]!;
    const consent = (await consentCookieHeader({ analytics: false, marketing: true }, "AAAAAAAAAAAAAAAAAAAAAAAA")).split(";")[0]!;
    for (const cookies of [[], [currency, consent]]) {
      const response = await answer("/products/lamp", cookies, (publicPage) => {
        publicPage!.surrogateKeys.add("product:12");
        publicPage!.surrogateKeys.add("category:3");
        publicPage!.surrogateKeys.add("product:12");
        return page()();
      });
      expect(response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(response.headers.get("Vary")).toBe(PUBLIC_PAGE_VARY);
      expect(response.headers.get("Surrogate-Key")).toBe("category:3 menu product:12 settings");
    }
  });

  it("a page whose API answers named nothing still names the keys of every page", async () => {
    const response = await answer("/about", [], page());
    expect(response.headers.get("Surrogate-Key")).toBe("menu settings");
  });

  it("a page's data is private, no-store, and names nothing", async () => {
    const data = await answer("/store", [], () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }));
    expect(data.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(data.headers.get("Surrogate-Key")).toBeNull();
  });

  it("a page answered other than 200 is private, no-store", async () => {
    const notFound = await answer(
      "/products/gone",
      [],
      () => new Response("<!DOCTYPE html>", { status: 404, headers: { "Content-Type": "text/html" } }),
    );
    expect(notFound.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(notFound.headers.get("Surrogate-Key")).toBeNull();
    const failed = await answer(
      "/store",
      [],
      () => new Response("<!DOCTYPE html>", { status: 500, headers: { "Content-Type": "text/html" } }),
    );
    expect(failed.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("a page not shared is told so, and is private, no-store", async () => {
    const analytics = (await consentCookieHeader({ analytics: true, marketing: false }, "AAAAAAAAAAAAAAAAAAAAAAAA")).split(";")[0]!;
    for (const [path, cookies] of [
      ["/store", [analytics]],
      ["/products/lamp?preview=abc", []],
      ["/order-status/abcdef0123456789", []],
      ["/store", ["quire_viewer=junk"]],
    ] as const) {
      let seen: PublicPage | null | undefined;
      const response = await answer(path, [...cookies], (publicPage) => {
        seen = publicPage;
        return page()();
      });
      expect(seen).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
      expect(response.headers.get("Surrogate-Key")).toBeNull();
    }
  });

  it("a page that would name more than a Surrogate-Key header holds is private, no-store", async () => {
    const response = await answer("/store", [], (publicPage) => {
      for (let id = 1_000_000_000; id < 1_000_001_000; id++) publicPage!.surrogateKeys.add(`product:${id}`);
      return page()();
    });
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(response.headers.get("Surrogate-Key")).toBeNull();
  });

  it("a route's own caching is kept, and names nothing", async () => {
    const response = await answer("/sitemap-page", [], page({ "Cache-Control": "public, max-age=3600" }));
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("Surrogate-Key")).toBeNull();
  });

  it("a shared page's answer passed on with immutable headers is copied with them set", async () => {
    const passedOn = await fetch("data:text/html,<p>x</p>");
    expect(() => passedOn.headers.set("X", "y")).toThrow();
    const response = await answer("/store", [], () => passedOn);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(response.headers.get("Surrogate-Key")).toBe("menu settings");
  });
});
