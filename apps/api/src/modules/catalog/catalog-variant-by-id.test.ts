import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { stores } from "../stores/stores.tables";
import { createTestCatalogue } from "./catalog-test-catalogue";

const api = useTestApi(createTestCatalogue);

async function setPolicy(anonymousCustomerProductPolicy: string) {
  await api.database.db.update(stores).set({ anonymousCustomerProductPolicy }).where(eq(stores.id, api.seeded.store.id));
}
beforeEach(() => setPolicy("AllowedUnauthorizedCheckout"));

function expectNotFound(response: { statusCode: number; body: string; json: () => { errors: { code: string; message: string }[] } }) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json().errors[0]).toMatchObject({ code: "variant_not_found", message: expect.any(String) });
}

describe("GET /products/variants/:id", () => {
  it("answers the variant with its product's card", async () => {
    const { pride } = api.seeded.products;
    const paperback = pride.variants.find((variant) => variant.sku === "PP-PB")!;
    const response = await api.get(`/products/variants/${paperback.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.variant).toEqual({ id: paperback.id, sku: "PP-PB", name: "Paperback" });
    expect(data.product).toMatchObject({
      id: pride.id,
      slug: "pride-and-prejudice",
      name: "Pride and Prejudice",
      byline: "Jane Austen",
      image: { url: "/img/pride-front.jpg", alt: "Front cover" },
      price: { amount: 900, currencyCode: "GBP" },
    });
  });

  it("answers 404 variant_not_found for an unknown id, an unpublished product's variant and another store's variant", async () => {
    const { draft } = api.seeded.products;
    const ids = [2_000_000_000, draft.variants[0]!.id, api.seeded.other.product.variants[0]!.id];
    for (const id of ids) expectNotFound(await api.get(`/products/variants/${id}`));
  });

  it("answers 404 to anonymous callers of a store that hides products, and the variant once signed in", async () => {
    const { expectations } = api.seeded.products;
    const id = expectations.variants[0]!.id;
    await setPolicy("HiddenForUnauthorized");
    expectNotFound(await api.get(`/products/variants/${id}`));
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "variant-lookup@example.com" });
    const { authorization } = await createSession(api.database.db, customer.id);
    const response = await api.get(`/products/variants/${id}`, { authorization });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.product.name).toBe("Great Expectations");
  });

  it("hides the price from anonymous callers of a store that hides prices", async () => {
    const { expectations } = api.seeded.products;
    await setPolicy("HiddenPricesForUnauthorized");
    const response = await api.get(`/products/variants/${expectations.variants[0]!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.product.price).toBeNull();
  });

  it("answers 400 with an errors list for a malformed id", async () => {
    for (const id of ["abc", "0", "-3", "1.5"]) {
      const response = await api.get(`/products/variants/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors[0], id).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("is described in the OpenAPI document", async () => {
    const document = (await api.app.inject({ url: "/openapi.json" })).json();
    expect(document.paths["/products/variants/{id}"]?.get?.summary).toMatch(/variant by id/);
  });
});
