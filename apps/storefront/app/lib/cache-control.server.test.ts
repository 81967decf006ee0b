import { describe, expect, it } from "vitest";
import { cacheControlMiddleware, PRIVATE_NO_STORE } from "./cache-control.server";
import { anonymousCartCookie, tokenCookie } from "./session.server";

const SHOP = "https://shop.example";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const CART_ID = "Zm9vYmFyYmF6cXV4cXV1eHF1dXg";

async function cookieOf(cookie: typeof tokenCookie, value: string) {
  return (await cookie.serialize(value)).split(";")[0]!;
}

/** What the middleware answers for `path`, with these request cookies, around the page `inner` answers. */
async function answer(path: string, cookies: string[], inner: () => Response) {
  const request = new Request(`${SHOP}${path}`, { headers: cookies.length > 0 ? { Cookie: cookies.join("; ") } : {} });
  return (await cacheControlMiddleware({ request } as never, async () => inner())) as Response;
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

  it("a public page of an anonymous shopper without a basket keeps what it had", async () => {
    expect((await answer("/store", [], page())).headers.get("Cache-Control")).toBeNull();
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
