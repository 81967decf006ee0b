import type { AddressInfo } from "node:net";
import { ErrorResponseSchema } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { createCustomer, createSession } from "../testing/identity-factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";

// One representative of each kind of input that once reached PostgreSQL or the framework's own answers:
// ids past a 32-bit column, NUL bytes in text, the single-value form of an array parameter, and what the
// HTTP edge refuses before a handler runs. The OpenAPI fuzz suite sends the same kinds to every operation.

const api = useTestApi(async (db) => {
  const store = await createStore(db);
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const product = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "emma",
    name: "Emma",
    variants: [{ sku: "QB-1", name: "Paperback", prices: { GBP: { amount: 800 } } }],
  });
  const customer = await createCustomer(db, { storeId: store.id, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
  return { product, customer };
});

/** One past the largest value of PostgreSQL's `integer`, which every id column is. */
const PAST_INT32 = 2_147_483_648;

async function signedInHeaders() {
  const { authorization } = await createSession(api.database.db, api.seeded.customer.id);
  return { ...TEST_HEADERS, authorization };
}

function send(method: "GET" | "POST" | "PUT", url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) {
  return api.app.inject({
    method,
    url,
    headers: options.headers ?? TEST_HEADERS,
    ...(options.payload === undefined ? {} : { payload: options.payload as string }),
  });
}

/** The `errors` list of a refusal, checked for its shape: `{ code, message, field? }`, at least one. */
function errorsOf(body: string) {
  const parsed = ErrorResponseSchema.safeParse(JSON.parse(body));
  expect(parsed.success, `not an errors list: ${body}`).toBe(true);
  return parsed.data!.errors;
}

/** Expects a 400 whose errors name the field that was refused. */
function expectRefusedField(response: { statusCode: number; body: string }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorsOf(response.body).map((error) => error.field ?? "")).toEqual(expect.arrayContaining([expect.stringContaining(field)]));
}

describe("a body id one past a 32-bit column", () => {
  it("is refused with 400 as a cart's productVariantId", async () => {
    const response = await send("PUT", "/baskets", { payload: { productVariantId: PAST_INT32, quantity: 1 } });
    expectRefusedField(response, "productVariantId");
  });

  it("is refused with 400 as a wishlist item's variantId", async () => {
    const headers = await signedInHeaders();
    const created = await send("POST", "/wishlists", { headers, payload: { name: "Birthday ideas" } });
    expect(created.statusCode, created.body).toBe(201);
    const wishlistId = (created.json() as { data: { id: number } }).data.id;
    const response = await send("PUT", "/wishlists/wishlist-items", { headers, payload: { wishlistId, variantId: PAST_INT32 } });
    expectRefusedField(response, "variantId");
  });

  it("is refused with 400 in the product-filter types' productTypeIds", async () => {
    const response = await send("POST", "/product-filters/types", { payload: { productTypeIds: [PAST_INT32] } });
    expectRefusedField(response, "productTypeIds");
  });
});

describe("a NUL byte in text", () => {
  it("is refused with 400 in a search text", async () => {
    expectRefusedField(await send("GET", "/products?SearchText=emma%00"), "SearchText");
  });

  it("is refused with 400 in a filter value", async () => {
    expectRefusedField(await send("GET", "/products?Filters[0][Code]=format&Filters[0][Values][0]=paper%00back"), "Filters");
  });

  it("is refused with 400 in a SKU lookup", async () => {
    expectRefusedField(await send("GET", "/products/variants/by-sku?Skus[0]=QB%00-1"), "Skus");
  });

  it("is refused with 400 in a wishlist name", async () => {
    const response = await send("POST", "/wishlists", { headers: await signedInHeaders(), payload: { name: "Gifts\u0000" } });
    expectRefusedField(response, "name");
  });

  it("is refused with 400 in a customer's name, leaving the name as it was", async () => {
    const headers = await signedInHeaders();
    const payload = { firstName: "Ada\u0000", lastName: "Lovelace", marketingOptIn: false };
    expectRefusedField(await send("PUT", "/customers/current/settings", { headers, payload }), "firstName");
    const settings = await send("GET", "/customers/current/settings", { headers });
    expect(settings.json()).toMatchObject({ data: { firstName: "Ada", lastName: "Lovelace" } });
  });
});

describe("an array query parameter", () => {
  it("takes a single value (?Skus=QB-1) as it takes the indexed form (?Skus[0]=QB-1)", async () => {
    const indexed = await send("GET", "/products/variants/by-sku?Skus[0]=QB-1");
    const single = await send("GET", "/products/variants/by-sku?Skus=QB-1");
    expect(indexed.statusCode, indexed.body).toBe(200);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json()).toEqual(indexed.json());
    expect(JSON.stringify(single.json())).toContain('"QB-1"');
  });
});

describe("a body the framework refuses before any handler", () => {
  it("answers malformed JSON with 400 and an errors list", async () => {
    const response = await send("PUT", "/baskets", {
      headers: { ...TEST_HEADERS, "content-type": "application/json" },
      payload: '{"productVariantId":',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorsOf(response.body).length).toBeGreaterThan(0);
  });

  it("answers a content type it does not read with 415 and an errors list", async () => {
    const response = await send("PUT", "/baskets", {
      headers: { ...TEST_HEADERS, "content-type": "application/xml" },
      payload: "<basket><productVariantId>1</productVariantId></basket>",
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(errorsOf(response.body).length).toBeGreaterThan(0);
  });

  it("answers a body over 256 KB with 413 and an errors list", async () => {
    const payload = JSON.stringify({ productVariantId: 1, quantity: 1, anonymousId: "x".repeat(300 * 1024) });
    const response = await send("PUT", "/baskets", { headers: { ...TEST_HEADERS, "content-type": "application/json" }, payload });
    expect(response.statusCode, response.body).toBe(413);
    expect(errorsOf(response.body).length).toBeGreaterThan(0);
  });
});

// What Node's HTTP server sees only on a real socket: percent-encoding, URL length and header size.
describe("the API listening on a port", () => {
  let origin = "";
  beforeAll(async () => {
    await api.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  });

  it("answers a bad percent-encoding in the path with 400 and an errors list", async () => {
    const response = await fetch(`${origin}/products/slug=%E0%A4%A`, { headers: TEST_HEADERS });
    expect(response.status).toBe(400);
    expect(errorsOf(await response.text()).length).toBeGreaterThan(0);
  });

  it("answers a URL over 8 KB with 414 and an errors list", async () => {
    const response = await fetch(`${origin}/products?SearchText=${"a".repeat(9 * 1024)}`, { headers: TEST_HEADERS });
    expect(response.status).toBe(414);
    expect(errorsOf(await response.text()).length).toBeGreaterThan(0);
  });

  it("answers a header section over 16 KB with 431 and an errors list", async () => {
    const response = await fetch(`${origin}/products`, { headers: { ...TEST_HEADERS, "x-padding": "a".repeat(17 * 1024) } });
    expect(response.status).toBe(431);
    expect(errorsOf(await response.text()).length).toBeGreaterThan(0);
  });
});
