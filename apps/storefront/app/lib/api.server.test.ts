import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WishlistSummary } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import { ZodError } from "zod";
import { deriveIdempotencyKey, idempotencyKeySecretOf } from "./idempotency-keys.server";

/** What the stand-in API saw of one request. */
interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const IMAGE_HASH = "0123456789abcdef0123456789abcdef";

/** The stand-in's answers, by "METHOD /path" (query left out); anything else answers 409 out_of_stock. */
const ANSWERS: Record<
  string,
  { status: number; body?: unknown; headers?: Record<string, string>; document?: { type: string; bytes: string } }
> = {
  "GET /wishlists/variant-ids": { status: 200, body: { data: { variantIds: [7] } } },
  // Answers that name what they are built from (decision 064).
  "GET /menus/main/tree": { status: 200, body: { data: { data: [] } }, headers: { "surrogate-key": "menu product:12 product:13" } },
  "POST /passwords/reset": { status: 202, body: { data: { accepted: true } } },
  "DELETE /wishlists/4": { status: 204 },
  // Not a product page: the answer has drifted from the contract.
  "GET /products/slug=a%2Fb%3Fc%20d": { status: 200, body: { data: { id: "not a number" } } },
  "GET /orders/5/proforma-invoice": { status: 200, document: { type: "application/pdf", bytes: "%PDF-1.7 proforma" } },
  // A document operation answered with something that is not the document.
  "GET /orders/6/proforma-invoice": { status: 200, document: { type: "text/html", bytes: "<p>Sign in</p>" } },
  // A stored image (`produces: "image/*"`): any image type will do, nothing else.
  [`GET /media/images/${IMAGE_HASH}-480.avif`]: { status: 200, document: { type: "image/avif", bytes: "AVIF bytes" } },
  [`GET /media/images/${IMAGE_HASH}-480.jpg`]: { status: 200, document: { type: "image/jpeg", bytes: "JPEG bytes" } },
  [`GET /media/images/${IMAGE_HASH}-240.jpg`]: { status: 200, document: { type: "text/html", bytes: "<p>Not here</p>" } },
  [`GET /media/images/${IMAGE_HASH}-960.jpg`]: { status: 404, body: { errors: [{ code: "media_not_found", message: "No such image" }] } },
  // A sign-in locked after too many failures.
  "POST /auth/sign-in": {
    status: 429,
    headers: { "retry-after": "840" },
    body: { errors: [{ code: "too_many_attempts", message: "Too many attempts" }] },
  },
  // The API's database is away.
  "GET /wishlists/98": { status: 503, body: { errors: [{ code: "service_unavailable", message: "Try again shortly" }] } },
};

// A real HTTP peer standing in for the API, to see exactly what the storefront sends.
let server: Server;
let seen: SeenRequest[] = [];
let createApiClient: typeof import("./api.server").createApiClient;
let ApiRequestError: typeof import("./api.server").ApiRequestError;
let operationPath: typeof import("./api.server").operationPath;
let isMediaTypeOf: typeof import("./api.server").isMediaTypeOf;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      const answer = ANSWERS[`${request.method} ${request.url?.split("?")[0]}`] ?? {
        status: 409,
        body: { errors: [{ code: "out_of_stock", message: "Out of stock" }] },
      };
      if (answer.document) {
        response.writeHead(answer.status, {
          "content-type": answer.document.type,
          "content-disposition": 'attachment; filename="proforma-QB-100005.pdf"',
        });
        response.end(answer.document.bytes);
        return;
      }
      response.writeHead(answer.status, {
        ...answer.headers,
        ...(answer.body === undefined ? {} : { "content-type": "application/json" }),
      });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.API_KEY = "storefront-test-key";
  process.env.STORE_KEY = "test-store";
  // A module of its own, which reads the environment above: a unit worker runs other files before this one.
  vi.resetModules();
  ({ createApiClient, ApiRequestError, operationPath, isMediaTypeOf } = await import("./api.server"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the API client", () => {
  it("sends the API-Key, StoreKey, CurrencyCode and CountryCode headers, the bearer token and the shopper's address", async () => {
    seen = [];
    await createApiClient({ currencyCode: "EUR", countryCode: "IE", token: "a.b.c", clientAddress: "203.0.113.7" }).call(
      "listWishlistVariantIds",
    );
    expect(seen[0]?.headers).toMatchObject({
      "api-key": "storefront-test-key",
      storekey: "test-store",
      currencycode: "EUR",
      countrycode: "IE",
      authorization: "Bearer a.b.c",
      "x-forwarded-for": "203.0.113.7",
    });
  });

  it("collects the surrogate keys of every answer into the caller's set, for all the clients made from it", async () => {
    const caller = { surrogateKeys: new Set<string>() };
    await createApiClient(caller).call("getMenuTree", { params: { code: "main" } });
    await createApiClient(caller).call("listWishlistVariantIds");
    expect([...caller.surrogateKeys]).toEqual(["menu", "product:12", "product:13"]);
    // A caller that keeps no set is told nothing.
    await expect(createApiClient().call("getMenuTree", { params: { code: "main" } })).resolves.toEqual({ data: { data: [] } });
  });

  it("sends no Authorization or X-Forwarded-For it was not given", async () => {
    seen = [];
    await createApiClient().call("listWishlistVariantIds");
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("calls an operation by its method and path, and answers its parsed response", async () => {
    seen = [];
    const answer = await createApiClient().call("requestPasswordReset", { body: { email: "reader@example.com" } });
    expect(answer).toEqual({ data: { accepted: true } });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/passwords/reset", body: JSON.stringify({ email: "reader@example.com" }) });
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
  });

  it("sends the query with the API's parameter names (PageNumber, PageSize)", async () => {
    seen = [];
    await createApiClient()
      .call("listWishlists", { query: { PageNumber: 2, PageSize: 50 } })
      .catch(() => undefined);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/wishlists?PageNumber=2&PageSize=50", body: "" });
    expect(seen[0]?.headers["content-type"]).toBeUndefined();
  });

  it("URL-encodes each path parameter, so a value stays one segment", async () => {
    seen = [];
    await createApiClient()
      .call("getProductBySlug", { params: { slug: "a/b?c d" } })
      .catch(() => undefined);
    expect(seen[0]?.url).toBe("/products/slug=a%2Fb%3Fc%20d");
  });

  it("fails loudly when an answer does not match the operation's response schema", async () => {
    const failure = await createApiClient()
      .call("getProductBySlug", { params: { slug: "a/b?c d" } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ZodError);
  });

  it("reads a 204 as null", async () => {
    seen = [];
    expect(await createApiClient().call("deleteWishlist", { params: { id: 4 } })).toBeNull();
    expect(seen[0]).toMatchObject({ method: "DELETE", url: "/wishlists/4" });
  });

  it("sends an Idempotency-Key when the call is given one, made the shopper's with the storefront's secret, and none otherwise (decision 018)", async () => {
    seen = [];
    const key = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const add = (api: ReturnType<typeof createApiClient>, idempotencyKey: string | undefined) =>
      api
        .call("addToCart", { body: { productVariantId: 1, quantity: 1 }, headers: { "idempotency-key": idempotencyKey } })
        .catch(() => undefined);
    const guest = createApiClient({ clientAddress: "203.0.113.7" });
    await add(guest, key);
    await add(guest, undefined);
    await add(createApiClient({ clientAddress: "203.0.113.7" }), key);
    await add(createApiClient({ clientAddress: "203.0.113.8" }), key);
    await add(createApiClient({ clientAddress: "203.0.113.7", token: "a-signed-in-customers-token" }), key);
    const sent = seen.map((request) => request.headers["idempotency-key"]);
    const secret = idempotencyKeySecretOf({ API_KEY: "storefront-test-key", IDEMPOTENCY_KEY_SECRET: undefined });
    expect(sent[0]).toBe(deriveIdempotencyKey(secret, "client:203.0.113.7", key));
    expect(sent[0]).not.toBe(key);
    expect(sent[1]).toBeUndefined();
    // The same form from the same shopper: the same key, so the API replays; from anyone else, another.
    expect(sent[2]).toBe(sent[0]);
    expect(new Set([sent[0], sent[3], sent[4]]).size).toBe(3);
    expect(seen[0]).toMatchObject({ method: "PUT", url: "/baskets" });
  });

  it("ends its reads, and only its reads, once the shopper's request is abandoned (decision 030)", async () => {
    seen = [];
    const abandoned = new AbortController();
    abandoned.abort();
    const api = createApiClient({ signal: abandoned.signal });
    // A read is never sent: the shopper has gone, so the API is spared its SQL.
    await expect(api.call("listWishlistVariantIds")).rejects.toMatchObject({ name: "AbortError" });
    // A write is sent all the same: cutting it off could leave the shopper not knowing what happened.
    await expect(api.call("requestPasswordReset", { body: { email: "reader@example.com" } })).resolves.toMatchObject({
      data: { accepted: true },
    });
    expect(seen.map((request) => request.method)).toEqual(["POST"]);
  });

  it("turns an error answer into ApiRequestError with the API's errors list", async () => {
    const failure = await createApiClient()
      .call("getWishlist", { params: { id: 99 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 409, errors: [{ code: "out_of_stock", message: "Out of stock" }], retryAfter: null });
  });

  it("keeps the API's Retry-After on the error, for the form's answer to pass on", async () => {
    const failure = await createApiClient()
      .call("signIn", { body: { email: "ada@example.test", password: "wrong-password" } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, errors: [{ code: "too_many_attempts" }], retryAfter: "840" });
  });

  it("ends a page with the 503 'back shortly' page when the API is away, and leaves a form's action its ApiRequestError", async () => {
    const onPage = await createApiClient({ page: true })
      .call("getWishlist", { params: { id: 98 } })
      .catch((error: unknown) => error);
    expect(isRouteErrorResponseLike(onPage)).toEqual({ status: 503, retryAfter: "5" });
    // The same answer to a form's action is the API's own errors list, for its toast.
    const inAction = await createApiClient()
      .call("getWishlist", { params: { id: 98 } })
      .catch((error: unknown) => error);
    expect(inAction).toBeInstanceOf(ApiRequestError);
    expect(inAction).toMatchObject({ status: 503, errors: [{ code: "service_unavailable" }] });
    // An answer the API decided (409) is never the "back shortly" page, on a page or not.
    await expect(createApiClient({ page: true }).call("getWishlist", { params: { id: 99 } })).rejects.toBeInstanceOf(ApiRequestError);
  });

  it("downloads a document operation's bytes as they came, with what they are", async () => {
    seen = [];
    const document = await createApiClient().download("getProformaInvoice", { params: { id: 5 }, query: { anonymousId: "a".repeat(22) } });
    expect(seen[0]).toMatchObject({ method: "GET", url: `/orders/5/proforma-invoice?anonymousId=${"a".repeat(22)}` });
    expect(seen[0]?.headers.accept).toBe("application/pdf, application/json");
    expect(document.contentType).toBe("application/pdf");
    expect(document.contentDisposition).toBe('attachment; filename="proforma-QB-100005.pdf"');
    expect(await new Response(document.body).text()).toBe("%PDF-1.7 proforma");
  });

  it("refuses a document of another media type, and rejects a document call's failure with the API's errors", async () => {
    const wrongType = await createApiClient()
      .download("getProformaInvoice", { params: { id: 6 } })
      .catch((error: unknown) => error);
    expect(wrongType).toMatchObject({ status: 502, errors: [{ code: "unexpected_response" }] });
    const failure = await createApiClient()
      .download("getProformaInvoice", { params: { id: 7 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 409, errors: [{ code: "out_of_stock" }] });
  });

  it("downloads an image of any image type when the operation produces image/*, asking for that range", async () => {
    seen = [];
    const avif = await createApiClient().download("getMediaFile", { params: { file: `${IMAGE_HASH}-480.avif` } });
    expect(seen[0]).toMatchObject({ method: "GET", url: `/media/images/${IMAGE_HASH}-480.avif` });
    expect(seen[0]?.headers.accept).toBe("image/*, application/json");
    expect(avif.contentType).toBe("image/avif");
    expect(await new Response(avif.body).text()).toBe("AVIF bytes");
    const jpeg = await createApiClient().download("getMediaFile", { params: { file: `${IMAGE_HASH}-480.jpg` } });
    expect(jpeg.contentType).toBe("image/jpeg");
    expect(await new Response(jpeg.body).text()).toBe("JPEG bytes");
  });

  it("refuses an answer to image/* that is not an image, and rejects a missing image with the API's 404", async () => {
    const notImage = await createApiClient()
      .download("getMediaFile", { params: { file: `${IMAGE_HASH}-240.jpg` } })
      .catch((error: unknown) => error);
    expect(notImage).toMatchObject({ status: 502, errors: [{ code: "unexpected_response" }] });
    const missing = await createApiClient()
      .download("getMediaFile", { params: { file: `${IMAGE_HASH}-960.jpg` } })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiRequestError);
    expect(missing).toMatchObject({ status: 404, errors: [{ code: "media_not_found" }] });
  });

  it("is typed by the operation table: what is sent and what is answered", () => {
    // Never run: `npm run typecheck` checks these lines, and fails if a refused call starts to compile.
    const typed = (api: ReturnType<typeof createApiClient>) => {
      // @ts-expect-error a wishlist's name is text
      void api.call("createWishlist", { body: { name: 1 } });
      // @ts-expect-error getWishlist needs the list's id
      void api.call("getWishlist");
      // @ts-expect-error listWishlists takes no body
      void api.call("listWishlists", { body: { name: "x" } });
      // @ts-expect-error there is no such operation
      void api.call("getEverything");
      expectTypeOf(api.call("createWishlist", { body: { name: "Reading" } })).resolves.toEqualTypeOf<{ data: WishlistSummary }>();
      expectTypeOf(api.call("deleteWishlist", { params: { id: 1 } })).resolves.toBeNull();
      // @ts-expect-error only operations that answer a document are downloaded
      void api.download("getOrder", { params: { id: 1 } });
    };
    expect(typed).toBeTypeOf("function");
  });
});

/** A thrown `data(null, { status, headers })`, as React Router reads it: its status and Retry-After; else null. */
function isRouteErrorResponseLike(thrown: unknown): { status: number | undefined; retryAfter: string | null } | null {
  if (!(thrown instanceof Object) || (thrown as { type?: unknown }).type !== "DataWithResponseInit") return null;
  const init = (thrown as { init: ResponseInit | null }).init;
  return { status: init?.status, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

describe("isMediaTypeOf", () => {
  it("matches the operation's media type, parameters and case aside", () => {
    expect(isMediaTypeOf("application/pdf", "application/pdf")).toBe(true);
    expect(isMediaTypeOf("text/csv; charset=utf-8", "text/csv")).toBe(true);
    expect(isMediaTypeOf("Application/PDF", "application/pdf")).toBe(true);
    expect(isMediaTypeOf("application/pdfx", "application/pdf")).toBe(false);
    expect(isMediaTypeOf("", "application/pdf")).toBe(false);
  });

  it("matches a range such as image/* by its type: any subtype, nothing else", () => {
    for (const type of ["image/avif", "image/webp", "image/jpeg", "IMAGE/JPEG; q=1"]) expect(isMediaTypeOf(type, "image/*")).toBe(true);
    for (const type of ["image/", "text/html", "application/json", "imagery/png", "image/png/x", ""]) {
      expect(isMediaTypeOf(type, "image/*")).toBe(false);
    }
  });
});

describe("operationPath", () => {
  it("fills each parameter of the template, encoded", () => {
    expect(operationPath("/wishlists/:id/wishlist-items/:itemId", { id: 4, itemId: 12 })).toBe("/wishlists/4/wishlist-items/12");
    expect(operationPath("/categories/slug=:slug", { slug: "poetry & plays" })).toBe("/categories/slug=poetry%20%26%20plays");
    expect(operationPath("/baskets/:id/merge", { id: "../admin" })).toBe("/baskets/..%2Fadmin/merge");
  });

  it("refuses a template whose parameter is missing, rather than calling a wrong path", () => {
    expect(() => operationPath("/wishlists/:id", {})).toThrow("The path /wishlists/:id needs the parameter id");
  });
});
