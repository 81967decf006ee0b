import { MAX_SKU_LOOKUP } from "@quire/contracts";
import { eq } from "drizzle-orm";
import qs from "qs";
import { beforeEach, describe, expect, it } from "vitest";
import { createCustomer, createSession } from "../../testing/identity-factories";
import { useTestApi } from "../../testing/test-api";
import { stores } from "../stores/stores.tables";
import { createTestCatalogue } from "./catalog-test-catalogue";

const api = useTestApi(createTestCatalogue);

const lookup = (skus: unknown, headers: Record<string, string> = {}) =>
  api.get(`/products/variants/by-sku?${qs.stringify({ Skus: skus }, { encodeValuesOnly: true })}`, headers);

async function found(skus: string[], headers: Record<string, string> = {}) {
  const response = await lookup(skus, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { requestedSku: string; sku: string; variantId: number }[];
}

async function setPolicy(anonymousCustomerProductPolicy: string) {
  await api.database.db.update(stores).set({ anonymousCustomerProductPolicy }).where(eq(stores.id, api.seeded.store.id));
}
beforeEach(() => setPolicy("AllowedUnauthorizedCheckout"));

describe("GET /products/variants/by-sku", () => {
  it("answers each found variant with its product, in request order", async () => {
    const { pride, emma } = api.seeded.products;
    const hardback = pride.variants.find((variant) => variant.sku === "PP-HB")!;
    const response = await lookup(["EM-PB", "PP-HB"]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        requestedSku: "EM-PB",
        sku: "EM-PB",
        variantId: emma.variants[0]!.id,
        productId: emma.id,
        productSlug: "emma",
        productName: "Emma",
        variantName: "Paperback",
      },
      {
        requestedSku: "PP-HB",
        sku: "PP-HB",
        variantId: hardback.id,
        productId: pride.id,
        productSlug: "pride-and-prejudice",
        productName: "Pride and Prejudice",
        variantName: hardback.name,
      },
    ]);
  });

  it("trims SKUs, finds an upper-case SKU typed in lower case, and answers a repeated SKU once", async () => {
    const data = await found(["  pp-pb ", "PP-PB", "pp-pb"]);
    expect(data.map((row) => [row.requestedSku, row.sku])).toEqual([
      ["pp-pb", "PP-PB"],
      ["PP-PB", "PP-PB"],
    ]);
  });

  it("leaves out unknown SKUs, unpublished products and other stores' variants", async () => {
    const data = await found(["NOPE-1", "UD-HB", "OTHER-PP", "GE-HB"]);
    expect(data.map((row) => row.sku)).toEqual(["GE-HB"]);
  });

  it("finds nothing for anonymous callers of a store that hides products, and everything once signed in", async () => {
    await setPolicy("HiddenForUnauthorized");
    expect(await found(["GE-HB"])).toEqual([]);
    const customer = await createCustomer(api.database.db, { storeId: api.seeded.store.id, email: "sku-lookup@example.com" });
    const { authorization } = await createSession(api.database.db, customer.id);
    expect((await found(["GE-HB"], { authorization })).map((row) => row.sku)).toEqual(["GE-HB"]);
  });

  it("answers 400 with an errors list for a missing, empty, blank, over-long or over-many SKU list", async () => {
    const tooMany = Array.from({ length: MAX_SKU_LOOKUP + 1 }, (_, index) => `SKU-${index}`);
    for (const query of [
      "",
      qs.stringify({ Skus: ["   "] }),
      qs.stringify({ Skus: ["x".repeat(101)] }),
      qs.stringify({ Skus: tooMany }),
      "Skus[0]=PP-HB&Other=1",
    ]) {
      const response = await api.get(`/products/variants/by-sku?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0], query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("reads a single Skus value as a one-SKU list (?Skus=PP-HB, as a generated client sends it)", async () => {
    const single = await api.get("/products/variants/by-sku?Skus=PP-HB");
    expect(single.statusCode).toBe(200);
    expect(single.json().data.map((row: { sku: string }) => row.sku)).toEqual(["PP-HB"]);
    expect(single.json()).toEqual((await api.get("/products/variants/by-sku?Skus[0]=PP-HB")).json());
  });

  it("is described in the OpenAPI document", async () => {
    const document = (await api.app.inject({ url: "/openapi.json" })).json();
    expect(document.paths["/products/variants/by-sku"]?.get?.summary).toMatch(/SKU/);
  });
});
