import { eq } from "drizzle-orm";
import { MAX_ANALYTICS_ITEMS } from "@quire/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestApi } from "../../testing/test-api";
import { stores } from "../stores/stores.tables";
import { createTestCatalogue } from "./catalog-test-catalogue";

const api = useTestApi(createTestCatalogue);

async function setPolicy(anonymousCustomerProductPolicy: string) {
  await api.database.db.update(stores).set({ anonymousCustomerProductPolicy }).where(eq(stores.id, api.seeded.store.id));
}
beforeEach(() => setPolicy("AllowedUnauthorizedCheckout"));

const lookup = (ids: number[], headers: Record<string, string> = {}) =>
  api.get(`/products/variants/analytics-items?${ids.map((id, index) => `VariantIds[${index}]=${id}`).join("&")}`, headers);

describe("GET /products/variants/analytics-items", () => {
  it("answers each variant once, in request order, with its price and its category path from the root", async () => {
    const { pride, carol } = api.seeded.products;
    const { gifts, forHer, birthdays } = api.seeded.categories;
    const [hardback, paperback] = pride.variants;
    const response = await lookup([paperback!.id, carol.variants[0]!.id, paperback!.id, hardback!.id]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.map((item: { sku: string }) => item.sku)).toEqual(["PP-PB", "CC-HB", "PP-HB"]);
    expect(data[0]).toEqual({
      productVariantId: paperback!.id,
      productId: pride.id,
      sku: "PP-PB",
      productName: "Pride and Prejudice",
      variantName: "Paperback",
      isMaster: expect.any(Boolean),
      price: { amount: 900, originalPrice: 1200, lowestPriorPrice: 900, currencyCode: "GBP" },
      categories: [
        { id: gifts.id, slug: "gifts", name: "Gifts" },
        { id: forHer.id, slug: "for-her", name: "For Her" },
        { id: birthdays.id, slug: "birthdays", name: "Birthdays" },
      ],
    });
    expect(data[2].price).toEqual({ amount: 2000, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" });
  });

  it("prices in the request's currency, and null where the variant has none in it", async () => {
    const { pride, carol } = api.seeded.products;
    const response = await lookup([pride.variants[1]!.id, carol.variants[0]!.id], { currencycode: "EUR" });
    expect(response.statusCode, response.body).toBe(200);
    const [paperback, gbpOnly] = response.json().data;
    expect(paperback.price).toEqual({ amount: 1080, originalPrice: 1440, lowestPriorPrice: 1080, currencyCode: "EUR" });
    expect(gbpOnly.price).toBeNull();
  });

  it("leaves out unknown variants, unpublished products, another store's and, for hidden categories, names none", async () => {
    const { draft, hiddenCategoryBook, emma } = api.seeded.products;
    const otherStore = api.seeded.other.product.variants[0]!.id;
    const response = await lookup([
      2_000_000_000,
      draft.variants[0]!.id,
      otherStore,
      hiddenCategoryBook.variants[0]!.id,
      emma.variants[0]!.id,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.map((item: { sku: string }) => item.sku)).toEqual(["HC-PB", "EM-PB"]);
    expect(data[0].categories).toEqual([]);
  });

  it("answers nothing to anonymous callers of a store that hides products, and no prices where it hides prices", async () => {
    const id = api.seeded.products.expectations.variants[0]!.id;
    await setPolicy("HiddenForUnauthorized");
    expect((await lookup([id])).json().data).toEqual([]);
    await setPolicy("HiddenPricesForUnauthorized");
    const [item] = (await lookup([id])).json().data;
    expect(item).toMatchObject({ sku: "GE-HB", price: null });
  });

  it("answers 400 with an errors list for no ids, a bad id or too many ids", async () => {
    const tooMany = Array.from({ length: MAX_ANALYTICS_ITEMS + 1 }, (_, index) => index + 1);
    for (const url of [
      "/products/variants/analytics-items",
      "/products/variants/analytics-items?VariantIds[0]=abc",
      "/products/variants/analytics-items?VariantIds[0]=0",
      `/products/variants/analytics-items?${tooMany.map((id, index) => `VariantIds[${index}]=${id}`).join("&")}`,
    ]) {
      const response = await api.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.length, url).toBeGreaterThan(0);
    }
  });
});
