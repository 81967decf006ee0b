import { describe, expect, it } from "vitest";
import { createAttribute, createProduct } from "../../testing/factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { createTestCatalogue } from "./catalog-test-catalogue";
import { MAX_FACET_VALUES } from "./catalog.repository";

const api = useTestApi(createTestCatalogue);
const headers = TEST_HEADERS;

const get = api.get;

interface FacetBody {
  code: string;
  values: { code: string; count: number; isSelected: boolean }[];
}
/** Facets as { format: { hardback: 3, "paperback*": 1 } }, a star marking selected values. */
async function facetCounts(query: string, extraHeaders: Record<string, string> = {}) {
  const response = await get(`/product-filters?${query}`, extraHeaders);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  const facets = Object.fromEntries(
    (data.facets as FacetBody[]).map((facet) => [
      facet.code,
      Object.fromEntries(facet.values.map((value) => [`${value.code}${value.isSelected ? "*" : ""}`, value.count])),
    ]),
  );
  return { facets, total: data.total as number, priceRange: data.priceRange };
}

const hardback = "Filters[0][Code]=format&Filters[0][Values][0]=hardback";
const christmas = "Filters[1][Code]=occasion&Filters[1][Values][0]=christmas";

describe("GET /product-filters", () => {
  it("counts every filterable attribute's values over the store's products", async () => {
    const result = await facetCounts("");
    expect(result).toEqual({
      facets: {
        format: { hardback: 3, paperback: 3, audiobook: 1 },
        occasion: { birthday: 2, christmas: 3, wedding: 1 },
      },
      total: 6,
      priceRange: { min: 700, max: 2500, currencyCode: "GBP" },
    });
  });

  it("answers facets in attribute order with names and labels", async () => {
    const data = (await get("/product-filters")).json().data;
    expect(data.facets[0]).toEqual({
      code: "format",
      name: "Format",
      values: [
        { code: "hardback", label: "Hardback", count: 3, isSelected: false },
        { code: "paperback", label: "Paperback", count: 3, isSelected: false },
        { code: "audiobook", label: "Audiobook", count: 1, isSelected: false },
      ],
    });
    expect(data.facets.map((facet: { code: string }) => facet.code)).toEqual(["format", "occasion"]);
  });

  it("counts disjunctively: a facet ignores its own selection and applies the others", async () => {
    expect(await facetCounts(hardback)).toEqual({
      facets: {
        format: { "hardback*": 3, paperback: 3, audiobook: 1 },
        occasion: { birthday: 1, christmas: 2, wedding: 1 },
      },
      total: 3,
      priceRange: { min: 900, max: 2500, currencyCode: "GBP" },
    });
    expect(await facetCounts(`${hardback}&${christmas}`)).toEqual({
      facets: {
        format: { "hardback*": 2, paperback: 1 },
        occasion: { birthday: 1, "christmas*": 2, wedding: 1 },
      },
      total: 2,
      priceRange: { min: 1200, max: 2500, currencyCode: "GBP" },
    });
  });

  it("keeps a selected value with no products, and has no price range for an empty selection", async () => {
    expect(await facetCounts(`Filters[0][Code]=format&Filters[0][Values][0]=audiobook&${christmas}`)).toEqual({
      facets: {
        format: { hardback: 2, paperback: 1, "audiobook*": 0 },
        occasion: { birthday: 1, "christmas*": 0 },
      },
      total: 0,
      priceRange: null,
    });
  });

  it("applies price bounds to counts and total but not to the price range", async () => {
    expect(await facetCounts("MinPrice=1000")).toEqual({
      facets: {
        format: { hardback: 2, audiobook: 1 },
        occasion: { birthday: 1, christmas: 2, wedding: 1 },
      },
      total: 3,
      priceRange: { min: 700, max: 2500, currencyCode: "GBP" },
    });
  });

  it("applies the category subtree and the search", async () => {
    expect(await facetCounts(`CategoryId=${api.seeded.categories.gifts.id}`)).toEqual({
      facets: {
        format: { hardback: 3, paperback: 2 },
        occasion: { birthday: 1, christmas: 3, wedding: 1 },
      },
      total: 4,
      priceRange: { min: 800, max: 2500, currencyCode: "GBP" },
    });
    expect(await facetCounts("SearchText=austen&CategorySlug=gifts")).toEqual({
      facets: { format: { hardback: 1, paperback: 2 }, occasion: { birthday: 1, christmas: 1 } },
      total: 2,
      priceRange: { min: 800, max: 900, currencyCode: "GBP" },
    });
  });

  it("gives the price range in the request currency, ignoring products not priced in it", async () => {
    const euro = await facetCounts("", { currencycode: "EUR" });
    expect(euro.priceRange).toEqual({ min: 840, max: 3000, currencyCode: "EUR" });
    expect(euro.total).toBe(6);
    // Any price bound leaves out the products that have no price in the currency (A Christmas Carol).
    const bounded = await facetCounts("MinPrice=0", { currencycode: "EUR" });
    expect(bounded.total).toBe(5);
    expect(bounded.facets.format).toEqual({ hardback: 2, paperback: 3, audiobook: 1 });
  });

  it("totals the same as GET /products for the same selection", async () => {
    const selections = [
      "",
      hardback,
      `${hardback}&${christmas}`,
      "MinPrice=900&MaxPrice=1500",
      `CategorySlug=gifts&SearchText=christmas`,
      "MinPrice=0",
    ];
    for (const selection of selections) {
      for (const currencycode of ["GBP", "USD"]) {
        const products = (await get(`/products?${selection}`, { currencycode })).json().data.total;
        const filters = (await get(`/product-filters?${selection}`, { currencycode })).json().data.total;
        expect(filters, `${selection} ${currencycode}`).toBe(products);
      }
    }
  });

  it("answers 404 for an unknown category and 400 for paging, unknown keys and malformed filters", async () => {
    expect((await get("/product-filters?CategorySlug=secret")).statusCode).toBe(404);
    const paging = await get("/product-filters?PageNumber=1");
    expect(paging.statusCode).toBe(400);
    expect(paging.json().errors[0].code).toBe("unknown_parameter");
    for (const query of ["Filters[0][Code]=format", "Filters=x", "MinPrice=x", "Filters[0][Code]=format&Filters[0][Values][0][x]=1"]) {
      const response = await get(`/product-filters?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const inverted = await get("/product-filters?MinPrice=5&MaxPrice=4");
    expect(inverted.json().errors[0].code).toBe("invalid_price_range");
  });

  it(`keeps at most ${MAX_FACET_VALUES} values per facet, the most frequent, plus any selected`, async () => {
    const storeId = api.seeded.other.store.id;
    const tagCount = MAX_FACET_VALUES + 5;
    const tags = await createAttribute(api.database.db, {
      storeId,
      code: "tag",
      name: "Tag",
      values: Array.from({ length: tagCount }, (_, index) => ({ code: `tag-${index}`, label: `Tag ${index}` })),
    });
    const allTags = [...tags.valueIds.values()];
    // tag-104 (the last) is on two products, so it ranks first by frequency.
    for (const [index, valueIds] of [allTags, [tags.valueIds.get(`tag-${tagCount - 1}`)!]].entries()) {
      await createProduct(api.database.db, {
        storeId,
        productTypeId: api.seeded.other.productType.id,
        slug: `tagged-${index}`,
        name: `Tagged ${index}`,
        attributeValueIds: valueIds,
        variants: [{ sku: `TAG-${index}`, name: "Only", prices: { GBP: { amount: 100 } } }],
      });
    }
    const other = { storekey: "other-store" };
    const plain = (await facetCounts("", other)).facets.tag!;
    expect(Object.keys(plain)).toHaveLength(MAX_FACET_VALUES);
    expect(plain[`tag-${tagCount - 1}`]).toBe(2);
    expect(plain["tag-0"]).toBe(1);
    expect(plain[`tag-${tagCount - 2}`]).toBeUndefined();
    const selected = (await facetCounts(`Filters[0][Code]=tag&Filters[0][Values][0]=tag-${tagCount - 2}`, other)).facets.tag!;
    expect(Object.keys(selected)).toHaveLength(MAX_FACET_VALUES + 1);
    expect(selected[`tag-${tagCount - 2}*`]).toBe(1);
  });
});

describe("GET /product-filters/attributes", () => {
  it("answers every filterable attribute with its values in order", async () => {
    const response = await get("/product-filters/attributes");
    expect(response.statusCode).toBe(200);
    const { format, occasion } = api.seeded.attributes;
    expect(response.json().data).toEqual([
      {
        id: format.id,
        code: "format",
        name: "Format",
        values: [
          { code: "hardback", label: "Hardback" },
          { code: "paperback", label: "Paperback" },
          { code: "audiobook", label: "Audiobook" },
        ],
      },
      {
        id: occasion.id,
        code: "occasion",
        name: "Occasion",
        values: [
          { code: "birthday", label: "Birthday" },
          { code: "christmas", label: "Christmas" },
          { code: "wedding", label: "Wedding" },
        ],
      },
    ]);
  });
});

describe("POST /product-filters/types", () => {
  const post = (payload: unknown) => api.app.inject({ method: "POST", url: "/product-filters/types", headers, payload: payload as object });

  it("answers the filterable attributes of each known type, in request order", async () => {
    const { book, giftCard } = api.seeded.productTypes;
    const { format, occasion } = api.seeded.attributes;
    const response = await post({ productTypeIds: [giftCard.id, book.id, 999999, api.seeded.other.productType.id, book.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { productTypeId: giftCard.id, attributes: [] },
      {
        productTypeId: book.id,
        attributes: [
          { id: occasion.id, code: "occasion", name: "Occasion" },
          { id: format.id, code: "format", name: "Format" },
        ],
      },
    ]);
  });

  it("refuses a malformed body with 400", async () => {
    for (const payload of [
      {},
      { productTypeIds: [] },
      { productTypeIds: ["x"] },
      { productTypeIds: [0] },
      { productTypeIds: [1], extra: true },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    const notJson = await api.app.inject({
      method: "POST",
      url: "/product-filters/types",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
  });
});
