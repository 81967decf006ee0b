import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { stores } from "../stores/stores.tables";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createTestCatalogue } from "./catalog-test-catalogue";

// Each test sets the store's policy columns directly; the store cache TTL is 0, so the next request sees them.

const api = useTestApi(createTestCatalogue);
const headers = TEST_HEADERS;

const defaults = {
  anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout",
  inventoryAvailability: "InStock",
  lowStockThreshold: 5,
  isOutOfStockPurchaseEnabled: false,
};
async function setStore(values: Partial<typeof defaults>) {
  await api.database.db.update(stores).set(values).where(eq(stores.id, api.seeded.store.id));
}
beforeEach(() => setStore(defaults));

const get = (url: string) => api.get(url);
const data = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
};

describe("HiddenForUnauthorized", () => {
  beforeEach(() => setStore({ anonymousCustomerProductPolicy: "HiddenForUnauthorized" }));

  it("answers empty lists and facets to anonymous visitors", async () => {
    expect(await data("/products")).toEqual({ results: [], total: 0, pageNumber: 1, pageSize: 24, totalPages: 0 });
    expect(await data(`/products?CategoryId=${api.seeded.categories.gifts.id}&SearchText=pride&Sort=price-asc`)).toMatchObject({
      results: [],
      total: 0,
    });
    expect(await data("/product-filters")).toEqual({ facets: [], priceRange: null, total: 0 });
  });

  it("answers product pages with the same 404 as an unknown product", async () => {
    const unknown = await get("/products/999999");
    for (const url of [`/products/${api.seeded.products.pride.id}`, "/products/slug=pride-and-prejudice"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual(unknown.json());
    }
  });

  it("still serves categories, add-ons (without prices), product types and filter attributes", async () => {
    expect((await data("/categories/tree")).nodes).toHaveLength(2);
    const addons = await data(`/products/${api.seeded.products.pride.id}/add-ons`);
    expect(addons[0].options[0]).toMatchObject({ name: "Red paper", price: null });
    expect((await data(`/product-types/${api.seeded.productTypes.book.id}`)).code).toBe("book");
    expect(await data("/product-filters/attributes")).toHaveLength(2);
  });

  it("does not hide another store's products", async () => {
    const response = await api.app.inject({ url: "/products", headers: { ...headers, storekey: "other-store" } });
    expect(response.json().data.total).toBe(1);
  });
});

describe("HiddenPricesForUnauthorized", () => {
  beforeEach(() => setStore({ anonymousCustomerProductPolicy: "HiddenPricesForUnauthorized" }));

  it("lists products with no price anywhere", async () => {
    const list = await data("/products");
    expect(list.total).toBe(6);
    for (const product of list.results) {
      expect(product.price, product.slug).toBeNull();
      expect(product.hasPriceRange, product.slug).toBe(false);
    }
    expect(JSON.stringify(list)).not.toMatch(/amount|originalPrice/);
  });

  it("answers product pages without prices or tier prices, saying so", async () => {
    const detail = await data(`/products/${api.seeded.products.pride.id}`);
    expect(detail.pricesHidden).toBe(true);
    for (const variant of detail.variants) {
      expect(variant.price).toBeNull();
      expect(variant.tierPrices).toEqual([]);
    }
    expect(detail.variants[0].isPurchasable).toBe(true);
    expect(JSON.stringify(detail)).not.toMatch(/amount|originalPrice/);
  });

  it("answers add-on options without prices and facets without a price range", async () => {
    const addons = await data("/add-ons");
    expect(addons.flatMap((addon: { options: { price: unknown }[] }) => addon.options.map((option) => option.price))).toEqual([
      null,
      null,
      null,
    ]);
    const byProduct = await data(`/add-ons/by-product?ProductIds=${api.seeded.products.pride.id}`);
    expect(byProduct[0].addons.length).toBeGreaterThan(0);
    expect(JSON.stringify(byProduct)).not.toMatch(/amount/);
    const filters = await data("/product-filters");
    expect(filters.priceRange).toBeNull();
    expect(filters.total).toBe(6);
  });

  it("ignores price sorts and price bounds, so neither reveals prices", async () => {
    const slugs = async (query: string) => (await data(`/products?${query}`)).results.map((product: { slug: string }) => product.slug);
    const popular = await slugs("");
    expect(await slugs("Sort=price-asc")).toEqual(popular);
    expect(await slugs("Sort=price-desc")).toEqual(popular);
    expect(await slugs("MinPrice=1000&MaxPrice=1200")).toEqual(popular);
    expect(await slugs("MinPrice=5&MaxPrice=4")).toEqual(popular);
    expect((await data("/product-filters?MinPrice=1000")).total).toBe(6);
    // Relevance, as without a sort: the title's word first (decision 035); price order would put Frankenstein first.
    expect(await slugs("SearchText=christmas&Sort=price-desc")).toEqual(["a-christmas-carol", "frankenstein"]);
  });
});

describe("None and AllowedUnauthorizedCheckout", () => {
  it("show products and prices to anonymous visitors", async () => {
    for (const policy of ["None", "AllowedUnauthorizedCheckout"]) {
      await setStore({ anonymousCustomerProductPolicy: policy });
      const detail = await data(`/products/${api.seeded.products.emma.id}`);
      expect(detail.pricesHidden, policy).toBe(false);
      expect(detail.variants[0].price, policy).toEqual({ amount: 800, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" });
      expect((await data("/product-filters")).priceRange, policy).toEqual({ min: 700, max: 2500, currencyCode: "GBP" });
    }
  });
});

describe("inventoryAvailability", () => {
  /** Stock of Pride and Prejudice (10), Frankenstein (3) and Emma (0), on the card and the page. */
  async function stocks() {
    const { pride, frankenstein, emma } = api.seeded.products;
    const list = await data(`/products?Ids[0]=${pride.id}&Ids[1]=${frankenstein.id}&Ids[2]=${emma.id}&Sort=name-desc`);
    const cards = list.results.map((product: { stock: unknown }) => product.stock);
    const pages = [];
    for (const product of [pride, frankenstein, emma]) pages.push((await data(`/products/${product.id}`)).variants[0].stock);
    expect(pages).toEqual(cards);
    return cards;
  }

  it("None shows no stock", async () => {
    await setStore({ inventoryAvailability: "None" });
    expect(await stocks()).toEqual([null, null, null]);
  });

  it("AvailableQuantity shows status and quantity", async () => {
    await setStore({ inventoryAvailability: "AvailableQuantity" });
    expect(await stocks()).toEqual([
      { status: "InStock", quantity: 10 },
      { status: "InStock", quantity: 3 },
      { status: "OutOfStock", quantity: 0 },
    ]);
  });

  it("InStock shows in or out of stock only", async () => {
    await setStore({ inventoryAvailability: "InStock" });
    expect(await stocks()).toEqual([{ status: "InStock" }, { status: "InStock" }, { status: "OutOfStock" }]);
  });

  it("LowStockAlert adds LowStock at or below the store's threshold", async () => {
    await setStore({ inventoryAvailability: "LowStockAlert", lowStockThreshold: 5 });
    expect(await stocks()).toEqual([{ status: "InStock" }, { status: "LowStock" }, { status: "OutOfStock" }]);
    await setStore({ inventoryAvailability: "LowStockAlert", lowStockThreshold: 10 });
    expect(await stocks()).toEqual([{ status: "LowStock" }, { status: "LowStock" }, { status: "OutOfStock" }]);
    await setStore({ inventoryAvailability: "LowStockAlert", lowStockThreshold: 2 });
    expect(await stocks()).toEqual([{ status: "InStock" }, { status: "InStock" }, { status: "OutOfStock" }]);
  });

  it("an out-of-stock variant is purchasable only where the store sells out of stock", async () => {
    const emma = `/products/${api.seeded.products.emma.id}`;
    expect((await data(emma)).variants[0].isPurchasable).toBe(false);
    await setStore({ isOutOfStockPurchaseEnabled: true });
    expect((await data(emma)).variants[0].isPurchasable).toBe(true);
  });
});
