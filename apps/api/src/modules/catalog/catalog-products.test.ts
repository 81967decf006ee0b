import { MAX_ADDON_PRODUCTS, MAX_RESULT_WINDOW } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../testing/factories";
import { useTestApi } from "../../testing/test-api";
import { createTestCatalogue } from "./catalog-test-catalogue";
import { products } from "./catalog.tables";

const api = useTestApi(createTestCatalogue);

const get = api.get;

/** Slugs of GET /products for a query string, in answer order. */
async function listSlugs(query: string, extraHeaders: Record<string, string> = {}) {
  const response = await get(`/products?${query}`, extraHeaders);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json().data.results.map((product: { slug: string }) => product.slug) as string[];
}

const POPULAR = ["pride-and-prejudice", "great-expectations", "emma", "a-christmas-carol", "hidden-category-book", "frankenstein"];

describe("GET /products: the selection", () => {
  it("lists the store's published products, popular first by default, ties broken by id", async () => {
    // Frankenstein and Hidden Category Book share popularity 10; the later id comes first (id descending).
    expect(await listSlugs("")).toEqual(POPULAR);
  });

  it("answers a paged result of product cards", async () => {
    const response = await get("/products?PageSize=2");
    const data = response.json().data;
    expect(data).toMatchObject({ total: 6, pageNumber: 1, pageSize: 2, totalPages: 3 });
    expect(data.results[0]).toEqual({
      id: api.seeded.products.pride.id,
      slug: "pride-and-prejudice",
      name: "Pride and Prejudice",
      subtitle: "A novel",
      byline: "Jane Austen",
      image: { url: "/img/pride-front.jpg", alt: "Front cover" },
      defaultVariantId: api.seeded.products.pride.variants[0]!.id,
      variantCount: 2,
      price: { amount: 900, originalPrice: 1200, lowestPriorPrice: 900, currencyCode: "GBP" },
      hasPriceRange: true,
      stock: { status: "InStock" },
    });
  });

  it("joins several authors in the byline and leaves it empty without one", async () => {
    const results = (await get("/products?PageSize=10")).json().data.results as { slug: string; byline: string; image: unknown }[];
    const bySlug = new Map(results.map((product) => [product.slug, product]));
    expect(bySlug.get("a-christmas-carol")).toMatchObject({ byline: "Charles Dickens, Mary Shelley", image: null, hasPriceRange: false });
    expect(bySlug.get("hidden-category-book")?.byline).toBe("");
  });

  it("includes every product of the category's subtree", async () => {
    const { gifts, forHer, birthdays, childrens, anniversaries } = api.seeded.categories;
    expect(await listSlugs(`CategoryId=${gifts.id}`)).toEqual(["pride-and-prejudice", "great-expectations", "emma", "a-christmas-carol"]);
    expect(await listSlugs(`CategoryId=${forHer.id}`)).toEqual(["pride-and-prejudice", "emma"]);
    expect(await listSlugs(`CategoryId=${birthdays.id}`)).toEqual(["pride-and-prejudice"]);
    expect(await listSlugs(`CategoryId=${childrens.id}`)).toEqual(["a-christmas-carol", "frankenstein"]);
    expect(await listSlugs(`CategoryId=${anniversaries.id}`)).toEqual([]);
    expect(await listSlugs("CategorySlug=for-her")).toEqual(["pride-and-prejudice", "emma"]);
  });

  it("answers 404 for an unknown or hidden category and 400 for both CategoryId and CategorySlug", async () => {
    for (const query of [
      "CategorySlug=nope",
      "CategorySlug=secret",
      `CategoryId=${api.seeded.categories.underSecret.id}`,
      `CategoryId=${api.seeded.other.gifts.id}`,
    ]) {
      const response = await get(`/products?${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().errors[0].code).toBe("category_not_found");
    }
    const both = await get(`/products?CategoryId=${api.seeded.categories.gifts.id}&CategorySlug=gifts`);
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].code).toBe("conflicting_parameters");
  });

  it("searches whole words in full text, including the byline", async () => {
    expect(await listSlugs("SearchText=prejudice")).toEqual(["pride-and-prejudice"]);
    expect(await listSlugs("SearchText=austen")).toEqual(expect.arrayContaining(["pride-and-prejudice", "emma"]));
    expect((await listSlugs("SearchText=austen")).length).toBe(2);
    expect(await listSlugs(`SearchText=${encodeURIComponent('"great expectations"')}`)).toEqual(["great-expectations"]);
    expect(await listSlugs("SearchText=darcy")).toEqual(["pride-and-prejudice"]);
  });

  it("matches partial words in the name", async () => {
    expect(await listSlugs("SearchText=prejud")).toEqual(["pride-and-prejudice"]);
    expect(await listSlugs("SearchText=expect%20grea")).toEqual(["great-expectations"]);
    expect(await listSlugs("SearchText=frank")).toEqual(["frankenstein"]);
    expect(await listSlugs("SearchText=zzzz")).toEqual([]);
    // LIKE wildcards in the text are matched literally.
    expect(await listSlugs("SearchText=%25")).toEqual([]);
    expect(await listSlugs("SearchText=_")).toEqual([]);
  });

  it("sorts search results by relevance unless another sort is asked for", async () => {
    // The title's word before three in Frankenstein's description (decision 035's ranking rules).
    expect(await listSlugs("SearchText=christmas")).toEqual(["a-christmas-carol", "frankenstein"]);
    expect(await listSlugs("SearchText=christmas&Sort=name-desc")).toEqual(["frankenstein", "a-christmas-carol"]);
    // A stop word finds nothing in full text; as the beginning of a word it finds a title word (A Christmas
    // Carol) or an author (Austen) that begins with it, as a shopper typing "a" expects; not an "a" inside a word.
    expect(await listSlugs("SearchText=a&Sort=name-asc")).toEqual(["a-christmas-carol", "emma", "pride-and-prejudice"]);
  });

  it("filters by attribute values: OR within an attribute, AND across attributes", async () => {
    const hardback = "Filters[0][Code]=format&Filters[0][Values][0]=hardback";
    expect(await listSlugs(hardback)).toEqual(["pride-and-prejudice", "great-expectations", "a-christmas-carol"]);
    const hardbackOrAudio = `${hardback}&Filters[0][Values][1]=audiobook`;
    expect(await listSlugs(hardbackOrAudio)).toEqual(["pride-and-prejudice", "great-expectations", "a-christmas-carol", "frankenstein"]);
    const andChristmas = `${hardbackOrAudio}&Filters[1][Code]=occasion&Filters[1][Values][0]=christmas`;
    expect(await listSlugs(andChristmas)).toEqual(["great-expectations", "a-christmas-carol"]);
    // The same attribute named twice is merged: either value matches.
    const twice = `${hardback}&Filters[1][Code]=format&Filters[1][Values][0]=audiobook`;
    expect(await listSlugs(twice)).toEqual(["pride-and-prejudice", "great-expectations", "a-christmas-carol", "frankenstein"]);
    // Non-filterable attributes still filter (e.g. "more by this author").
    expect(await listSlugs("Filters[0][Code]=author&Filters[0][Values][0]=mary-shelley")).toEqual(["a-christmas-carol", "frankenstein"]);
    expect(await listSlugs("Filters[0][Code]=format&Filters[0][Values][0]=vinyl")).toEqual([]);
    expect(await listSlugs("Filters[0][Code]=colour&Filters[0][Values][0]=red")).toEqual([]);
  });

  it("bounds the lowest price, inclusive, in the request currency", async () => {
    expect(await listSlugs("MinPrice=900&MaxPrice=1500")).toEqual(["pride-and-prejudice", "a-christmas-carol", "frankenstein"]);
    expect(await listSlugs("MinPrice=1500")).toEqual(["great-expectations", "frankenstein"]);
    expect(await listSlugs("MaxPrice=800")).toEqual(["emma", "hidden-category-book"]);
    // In EUR (GBP × 1.2) the same band holds other products, and the GBP-only carol has no EUR price.
    expect(await listSlugs("MinPrice=900&MaxPrice=1500", { currencycode: "EUR" })).toEqual(["pride-and-prejudice", "emma"]);
    const inverted = await get("/products?MinPrice=2000&MaxPrice=1000");
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors[0].code).toBe("invalid_price_range");
  });

  it("selects by Ids and combines every condition", async () => {
    const { pride, emma, carol } = api.seeded.products;
    expect(await listSlugs(`Ids[0]=${emma.id}&Ids[1]=${pride.id}&Ids[2]=${api.seeded.other.product.id}`)).toEqual([
      "pride-and-prejudice",
      "emma",
    ]);
    expect(
      await listSlugs(
        `CategoryId=${api.seeded.categories.gifts.id}&SearchText=christmas&Filters[0][Code]=format&Filters[0][Values][0]=hardback&MaxPrice=1200&Ids[0]=${carol.id}`,
      ),
    ).toEqual(["a-christmas-carol"]);
  });

  it("never shows another store's products, nor unpublished ones", async () => {
    const all = await listSlugs("PageSize=100&SearchText=pride");
    expect(all).toEqual(["pride-and-prejudice"]);
    const other = await listSlugs("", { storekey: "other-store" });
    expect(other).toEqual(["pride-and-prejudice"]);
    const otherResults = (await get("/products", { storekey: "other-store" })).json().data.results;
    expect(otherResults[0].id).toBe(api.seeded.other.product.id);
    expect(await listSlugs("SearchText=draft")).toEqual([]);
  });
});

describe("GET /products: sorting", () => {
  it("sorts newest, popular, by name and by price, each stable", async () => {
    expect(await listSlugs("Sort=newest")).toEqual([
      "hidden-category-book",
      "frankenstein",
      "a-christmas-carol",
      "emma",
      "great-expectations",
      "pride-and-prejudice",
    ]);
    expect(await listSlugs("Sort=popular")).toEqual(POPULAR);
    const byName = ["a-christmas-carol", "emma", "frankenstein", "great-expectations", "hidden-category-book", "pride-and-prejudice"];
    expect(await listSlugs("Sort=name-asc")).toEqual(byName);
    expect(await listSlugs("Sort=name-desc")).toEqual([...byName].reverse());
    const byPrice = ["hidden-category-book", "emma", "pride-and-prejudice", "a-christmas-carol", "frankenstein", "great-expectations"];
    expect(await listSlugs("Sort=price-asc")).toEqual(byPrice);
    expect(await listSlugs("Sort=price-desc")).toEqual([...byPrice].reverse());
  });

  it("puts products with no price in the request currency last in both price orders", async () => {
    const ascending = await listSlugs("Sort=price-asc", { currencycode: "USD" });
    const descending = await listSlugs("Sort=price-desc", { currencycode: "USD" });
    expect(ascending.at(-1)).toBe("a-christmas-carol");
    expect(descending.at(-1)).toBe("a-christmas-carol");
    expect(descending.slice(0, -1)).toEqual(ascending.slice(0, -1).reverse());
  });

  it("pages through price orders exactly once when some products have no price in the currency", async () => {
    const usd = { currencycode: "USD" };
    for (const sort of ["price-asc", "price-desc"]) {
      const all = await listSlugs(`Sort=${sort}`, usd);
      expect(all).toHaveLength(6);
      for (const size of [1, 2, 4, 5]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(6 / size) + 1; page += 1)
          seen.push(...(await listSlugs(`Sort=${sort}&PageSize=${size}&PageNumber=${page}`, usd)));
        expect(seen, `${sort} by ${size}`).toEqual(all);
      }
    }
  });

  it("orders several unpriced products by id after the priced ones, both ways", async () => {
    const extra = await createProduct(api.database.db, {
      storeId: api.seeded.store.id,
      productTypeId: api.seeded.productTypes.book.id,
      slug: "gbp-only-extra",
      name: "GBP Only Extra",
      variants: [{ sku: "GBP-ONLY", name: "Only", prices: { GBP: { amount: 5 } } }],
    });
    try {
      const usd = { currencycode: "USD" };
      const ascending = await listSlugs("Sort=price-asc", usd);
      expect(ascending.slice(-2)).toEqual(["a-christmas-carol", "gbp-only-extra"]);
      const descending = await listSlugs("Sort=price-desc", usd);
      expect(descending.slice(-2)).toEqual(["gbp-only-extra", "a-christmas-carol"]);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page += 1) paged.push(...(await listSlugs(`Sort=price-desc&PageSize=2&PageNumber=${page}`, usd)));
      expect(paged).toEqual(descending);
    } finally {
      await api.database.db.delete(products).where(eq(products.id, extra.id));
    }
  });

  it("treats relevance without search text as popular", async () => {
    expect(await listSlugs("Sort=relevance")).toEqual(POPULAR);
  });

  it("pages through every product exactly once", async () => {
    for (const sort of ["popular", "newest", "name-asc", "price-desc"]) {
      const seen: string[] = [];
      for (let page = 1; page <= 6; page += 1) seen.push(...(await listSlugs(`Sort=${sort}&PageSize=1&PageNumber=${page}`)));
      expect(seen, sort).toEqual(await listSlugs(`Sort=${sort}`));
    }
  });

  it("refuses an unknown sort with 400", async () => {
    const response = await get("/products?Sort=cheapest");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: "invalid_input", field: "querystring.Sort" });
  });
});

describe("GET /products: paging and validation", () => {
  it("answers the first page, the last partial page and an empty page past the end", async () => {
    const first = (await get("/products?PageSize=4")).json().data;
    expect(first).toMatchObject({ total: 6, pageNumber: 1, pageSize: 4, totalPages: 2 });
    expect(first.results).toHaveLength(4);
    const last = (await get("/products?PageSize=4&PageNumber=2")).json().data;
    expect(last.results.map((product: { slug: string }) => product.slug)).toEqual(POPULAR.slice(4));
    const past = (await get("/products?PageSize=4&PageNumber=3")).json().data;
    expect(past).toEqual({ results: [], total: 6, pageNumber: 3, pageSize: 4, totalPages: 2 });
  });

  it("defaults to page 1 of 24", async () => {
    expect((await get("/products")).json().data).toMatchObject({ pageNumber: 1, pageSize: 24 });
  });

  it("refuses bad paging with 400 and an errors list", async () => {
    for (const query of [
      "PageSize=0",
      "PageSize=101",
      "PageSize=-5",
      "PageNumber=0",
      "PageNumber=-1",
      "PageNumber=1.5",
      "PageNumber=abc",
      "PageNumber=99999999999999999999",
      "PageSize=1e400",
    ]) {
      const response = await get(`/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      const errors = response.json().errors;
      expect(errors.length, query).toBeGreaterThan(0);
      expect(errors[0].code, query).toBe("invalid_input");
      expect(errors[0].field, query).toMatch(/^querystring\.Page(Number|Size)/);
    }
  });

  it("refuses results deeper than the result window with 400, and serves the deepest allowed page", async () => {
    const deepest = await get(`/products?PageSize=100&PageNumber=${MAX_RESULT_WINDOW / 100 + 1}`);
    expect(deepest.statusCode).toBe(200);
    expect(deepest.json().data).toMatchObject({ results: [], total: 6 });
    const tooDeep = await get(`/products?PageSize=100&PageNumber=${MAX_RESULT_WINDOW / 100 + 2}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors[0]).toMatchObject({ code: "invalid_input", field: "querystring.PageNumber" });
  });

  it("refuses unknown query keys with 400 unknown_parameter", async () => {
    for (const query of ["sort=newest", "Category=gifts", "Filters[0][Code]=format&Filters[0][Values][0]=hardback&Filters[0][Extra]=1"]) {
      const response = await get(`/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code, query).toBe("unknown_parameter");
    }
  });

  it("answers malformed Filters, Ids, prices and search with 400, never 500", async () => {
    for (const query of [
      "Filters=format",
      "Filters[0]=format",
      "Filters[0][Code]=format",
      "Filters[0][Values][0]=hardback",
      "Filters[0][Code]=Format!&Filters[0][Values][0]=hardback",
      "Filters[0][Code][x]=format&Filters[0][Values][0]=hardback",
      "Filters[a][Code]=format&Filters[a][Values][0]=hardback",
      "Filters[0][Code]=format&Filters[0][Values][0]=",
      "Filters[0][Code]=format&Filters[0][Values][0][1]=x",
      "Filters[200][Code]=format&Filters[200][Values][0]=hardback",
      `Filters[0][Code]=${"a".repeat(51)}&Filters[0][Values][0]=x`,
      "Ids[0]=abc",
      "Ids[0]=0",
      "MinPrice=-1",
      "MaxPrice=1.5",
      "MaxPrice=abc",
      "SearchText=",
      "SearchText=%20%20",
      `SearchText=${"a".repeat(201)}`,
      "SearchText[0]=x",
      "CategoryId=abc",
      "CategorySlug=Bad%20Slug",
    ]) {
      const response = await get(`/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors.length, query).toBeGreaterThan(0);
    }
  });

  it("reads a single value of an array parameter as a one-item array, as a generated client sends it", async () => {
    const prideId = api.seeded.products.pride.id;
    for (const [single, indexed] of [
      ["Filters[0][Code]=format&Filters[0][Values]=hardback", "Filters[0][Code]=format&Filters[0][Values][0]=hardback"],
      [`Ids=${prideId}`, `Ids[0]=${prideId}`],
    ] as const) {
      const [one, many] = [await get(`/products?${single}`), await get(`/products?${indexed}`)];
      expect(one.statusCode, single).toBe(200);
      expect(one.json().data.results.length, single).toBeGreaterThan(0);
      expect(one.json(), single).toEqual(many.json());
    }
  });

  it("answers search text of stop words only, or of search syntax, without error", async () => {
    for (const text of ["the", "-", '"', "or", "a & b | !c", "'"]) {
      const response = await get(`/products?SearchText=${encodeURIComponent(text)}`);
      expect(response.statusCode, text).toBe(200);
    }
  });
});

describe("GET /products/:id and /products/slug=:slug", () => {
  it("answers the product page", async () => {
    const { pride } = api.seeded.products;
    const { gifts, forHer, birthdays } = api.seeded.categories;
    const response = await get(`/products/${pride.id}`);
    expect(response.statusCode).toBe(200);
    const [hardback, paperback] = pride.variants;
    expect(response.json().data).toEqual({
      id: pride.id,
      slug: "pride-and-prejudice",
      name: "Pride and Prejudice",
      subtitle: "A novel",
      byline: "Jane Austen",
      description: "Elizabeth Bennet meets Mr Darcy.",
      seoTitle: "",
      seoDescription: "",
      safety: null,
      productType: { id: api.seeded.productTypes.book.id, code: "book", name: "Book" },
      images: [
        { url: "/img/pride-front.jpg", alt: "Front cover" },
        { url: "/img/pride-back.jpg", alt: "Back cover" },
      ],
      attributes: [
        { code: "author", name: "Author", values: [{ code: "jane-austen", label: "Jane Austen" }] },
        {
          code: "format",
          name: "Format",
          values: [
            { code: "hardback", label: "Hardback" },
            { code: "paperback", label: "Paperback" },
          ],
        },
        { code: "occasion", name: "Occasion", values: [{ code: "birthday", label: "Birthday" }] },
      ],
      categories: [{ id: birthdays.id, slug: "birthdays", name: "Birthdays" }],
      breadcrumbs: [
        { id: gifts.id, slug: "gifts", name: "Gifts" },
        { id: forHer.id, slug: "for-her", name: "For Her" },
        { id: birthdays.id, slug: "birthdays", name: "Birthdays" },
      ],
      variants: [
        {
          id: hardback!.id,
          sku: "PP-HB",
          isbn: "9780141439518",
          name: "Hardback",
          options: [{ code: "format", name: "Format", value: "Hardback" }],
          isMaster: true,
          price: { amount: 2000, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" },
          tierPrices: [
            { minQuantity: 5, amount: 1900, currencyCode: "GBP" },
            { minQuantity: 10, amount: 1800, currencyCode: "GBP" },
          ],
          stock: { status: "InStock" },
          isPurchasable: true,
        },
        {
          id: paperback!.id,
          sku: "PP-PB",
          isbn: null,
          name: "Paperback",
          options: [{ code: "format", name: "Format", value: "Paperback" }],
          isMaster: false,
          price: { amount: 900, originalPrice: 1200, lowestPriorPrice: 900, currencyCode: "GBP" },
          tierPrices: [],
          stock: { status: "InStock" },
          isPurchasable: true,
        },
      ],
      pricesHidden: false,
      hasAddons: true,
      addons: (await get(`/products/${pride.id}/add-ons`)).json().data,
    });
  });

  it("answers the same page by slug", async () => {
    const bySlug = await get("/products/slug=pride-and-prejudice");
    expect(bySlug.statusCode).toBe(200);
    const byId = await get(`/products/${api.seeded.products.pride.id}`);
    expect(bySlug.json()).toEqual(byId.json());
  });

  it("takes breadcrumbs from the first visible category and leaves hidden categories out", async () => {
    const carol = (await get("/products/slug=a-christmas-carol")).json().data;
    expect(carol.categories.map((category: { slug: string }) => category.slug)).toEqual(["gifts", "childrens"]);
    expect(carol.breadcrumbs.map((category: { slug: string }) => category.slug)).toEqual(["gifts"]);
    expect(carol.hasAddons).toBe(true);
    const hidden = (await get("/products/slug=hidden-category-book")).json().data;
    expect(hidden).toMatchObject({ categories: [], breadcrumbs: [], attributes: [{ code: "format" }], images: [], hasAddons: false });
  });

  it("answers 404 for unknown, unpublished and other stores' products", async () => {
    for (const url of [
      "/products/999999",
      `/products/${api.seeded.products.draft.id}`,
      "/products/slug=unpublished-draft",
      "/products/slug=no-such-book",
      `/products/${api.seeded.other.product.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0].code, url).toBe("product_not_found");
    }
    const other = await get("/products/slug=pride-and-prejudice", { storekey: "other-store" });
    expect(other.json().data.id).toBe(api.seeded.other.product.id);
  });

  it("refuses malformed ids and slugs with 400", async () => {
    for (const url of ["/products/abc", "/products/-1", "/products/slug=UPPER", "/products/slug=a--b"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe("prices follow the request currency", () => {
  it("answers GBP, EUR and USD prices for the same product", async () => {
    const { pride } = api.seeded.products;
    const expected = { GBP: [900, 1200, 2000], EUR: [1080, 1440, 2400], USD: [1170, 1560, 2600] } as const;
    for (const [currencyCode, [amount, original, hardback]] of Object.entries(expected)) {
      const list = (await get(`/products?Ids[0]=${pride.id}`, { currencycode: currencyCode })).json().data.results[0];
      expect(list.price).toEqual({ amount, originalPrice: original, lowestPriorPrice: amount, currencyCode });
      const detail = (await get(`/products/${pride.id}`, { currencycode: currencyCode })).json().data;
      expect(detail.variants[0].price).toEqual({ amount: hardback, originalPrice: null, lowestPriorPrice: null, currencyCode });
    }
    const euroTiers = (await get(`/products/${pride.id}`, { currencycode: "EUR" })).json().data.variants[0].tierPrices;
    expect(euroTiers).toEqual([{ minQuantity: 5, amount: 2280, currencyCode: "EUR" }]);
  });

  it("shows a product with no price in the currency with price null, not purchasable", async () => {
    const list = (await get(`/products?Ids[0]=${api.seeded.products.carol.id}`, { currencycode: "EUR" })).json().data;
    expect(list.total).toBe(1);
    expect(list.results[0]).toMatchObject({ price: null, hasPriceRange: false, stock: { status: "InStock" } });
    const detail = (await get("/products/slug=a-christmas-carol", { currencycode: "EUR" })).json().data;
    expect(detail.variants[0]).toMatchObject({ price: null, tierPrices: [], isPurchasable: false });
    expect(detail.pricesHidden).toBe(false);
  });
});

describe("add-ons and product types", () => {
  it("answers a product's add-ons with option prices in the request currency", async () => {
    const response = await get(`/products/${api.seeded.products.carol.id}/add-ons`);
    expect(response.statusCode).toBe(200);
    const { giftWrap, card } = api.seeded.addons;
    expect(response.json().data).toEqual([
      {
        id: giftWrap.id,
        code: "gift-wrap",
        name: "Gift wrap",
        description: "Wrapped by hand",
        options: [
          { id: giftWrap.options[0]!.id, name: "Red paper", price: { amount: 250, currencyCode: "GBP" } },
          { id: giftWrap.options[1]!.id, name: "Gold paper", price: { amount: 350, currencyCode: "GBP" } },
        ],
      },
      {
        id: card.id,
        code: "message-card",
        name: "Message card",
        description: "",
        options: [{ id: card.options[0]!.id, name: "Card", price: { amount: 100, currencyCode: "GBP" } }],
      },
    ]);
    const euro = (await get(`/products/${api.seeded.products.carol.id}/add-ons`, { currencycode: "EUR" })).json().data;
    expect(euro[0].options.map((option: { price: unknown }) => option.price)).toEqual([{ amount: 300, currencyCode: "EUR" }, null]);
  });

  it("puts the same add-ons in the product page, in the request currency, so a page needs one call", async () => {
    const { carol, emma } = api.seeded.products;
    for (const currencycode of ["GBP", "EUR"]) {
      const page = (await get(`/products/${carol.id}`, { currencycode })).json().data;
      const addons = (await get(`/products/${carol.id}/add-ons`, { currencycode })).json().data;
      expect(addons.length).toBeGreaterThan(0);
      expect(page.addons, currencycode).toEqual(addons);
    }
    expect((await get(`/products/${emma.id}`)).json().data).toMatchObject({ hasAddons: false, addons: [] });
  });

  it("answers GET /add-ons for the store or for one product", async () => {
    const all = (await get("/add-ons")).json().data;
    expect(all.map((addon: { code: string }) => addon.code)).toEqual(["gift-wrap", "message-card"]);
    const ofPride = (await get(`/add-ons?ProductId=${api.seeded.products.pride.id}`)).json().data;
    expect(ofPride.map((addon: { code: string }) => addon.code)).toEqual(["gift-wrap"]);
    const none = (await get(`/add-ons?ProductId=${api.seeded.products.emma.id}`)).json().data;
    expect(none).toEqual([]);
    const otherStore = (await get("/add-ons", { storekey: "other-store" })).json().data;
    expect(otherStore.map((addon: { name: string }) => addon.name)).toEqual(["Other wrap"]);
  });

  it("answers 404 for add-ons of an unknown product and 400 for a bad id", async () => {
    for (const url of [
      "/products/999999/add-ons",
      `/add-ons?ProductId=${api.seeded.other.product.id}`,
      `/products/${api.seeded.products.draft.id}/add-ons`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0].code).toBe("product_not_found");
    }
    expect((await get("/add-ons?ProductId=x")).statusCode).toBe(400);
    expect((await get("/add-ons?productId=1")).json().errors[0].code).toBe("unknown_parameter");
  });

  it("answers GET /add-ons/by-product with each product's add-ons, in the order asked, in one call", async () => {
    const { carol, pride, emma, draft } = api.seeded.products;
    const single = (await get(`/products/${carol.id}/add-ons`, { currencycode: "EUR" })).json().data;
    const url = `/add-ons/by-product?ProductIds=${pride.id}&ProductIds=${emma.id}&ProductIds=999999&ProductIds=${carol.id}&ProductIds=${draft.id}&ProductIds=${pride.id}`;
    const response = await get(url, { currencycode: "EUR" });
    expect(response.statusCode).toBe(200);
    const answer = response.json().data as { productId: number; addons: { code: string }[] }[];
    // Unknown and unpublished products are left out; a product asked twice answers once.
    expect(answer.map((entry) => [entry.productId, entry.addons.map((addon) => addon.code)])).toEqual([
      [pride.id, ["gift-wrap"]],
      [emma.id, []],
      [carol.id, ["gift-wrap", "message-card"]],
    ]);
    // Each product's add-ons as the one-product call answers them, prices in the request currency included.
    expect(answer[2]!.addons).toEqual(single);
    // One product is one value, as a generated client sends it; another store's product is not this store's.
    expect((await get(`/add-ons/by-product?ProductIds=${carol.id}`)).json().data).toHaveLength(1);
    expect((await get(`/add-ons/by-product?ProductIds[0]=${api.seeded.other.product.id}`)).json().data).toEqual([]);
  });

  it("makes GET /add-ons/by-product one statement after the store's, however many products", async () => {
    const { carol, pride, emma } = api.seeded.products;
    api.database.resetQueryLog();
    expect((await get(`/add-ons/by-product?ProductIds=${carol.id}`)).statusCode).toBe(200);
    const one = api.database.queries.length;
    api.database.resetQueryLog();
    expect((await get(`/add-ons/by-product?ProductIds=${carol.id}&ProductIds=${pride.id}&ProductIds=${emma.id}`)).statusCode).toBe(200);
    expect(api.database.queries.length).toBe(one);
    expect(one).toBeLessThanOrEqual(2);
  });

  it("answers 400 to GET /add-ons/by-product without products, with too many, or with a bad id", async () => {
    const tooMany = Array.from({ length: MAX_ADDON_PRODUCTS + 1 }, (_, index) => `ProductIds=${index + 1}`).join("&");
    for (const url of [
      "/add-ons/by-product",
      "/add-ons/by-product?ProductIds=x",
      "/add-ons/by-product?ProductIds=0",
      `/add-ons/by-product?${tooMany}`,
      "/add-ons/by-product?ProductId=1",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
    }
  });

  it("answers a product type with all its attributes in the type's order", async () => {
    const { book, giftCard } = api.seeded.productTypes;
    const { author, format, occasion } = api.seeded.attributes;
    const response = await get(`/product-types/${book.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: book.id,
      code: "book",
      name: "Book",
      attributes: [
        { id: occasion.id, code: "occasion", name: "Occasion" },
        { id: format.id, code: "format", name: "Format" },
        { id: author.id, code: "author", name: "Author" },
      ],
    });
    expect((await get(`/product-types/${giftCard.id}`)).json().data.attributes).toEqual([]);
    const unknown = await get(`/product-types/${api.seeded.other.productType.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe("product_type_not_found");
    expect((await get("/product-types/abc")).statusCode).toBe(400);
  });
});

describe("SQL statements per request", () => {
  async function statementsFor(url: string) {
    api.database.resetQueryLog();
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    return api.database.queries.length;
  }

  it("GET /products makes the same few statements for a page of 1 and of 50", async () => {
    const selection = `CategoryId=${api.seeded.categories.gifts.id}&Filters[0][Code]=format&Filters[0][Values][0]=hardback&Sort=price-asc`;
    const one = await statementsFor(`/products?${selection}&PageSize=1`);
    const fifty = await statementsFor(`/products?${selection}&PageSize=50`);
    expect(one).toBe(fifty);
    // Store settings, the category, the count, the page of ids, the cards.
    expect(one).toBeLessThanOrEqual(5);
    expect(await statementsFor("/products?PageSize=1")).toBe(await statementsFor("/products?PageSize=50"));
  });

  it("a product page makes the same statements whatever the product's size", async () => {
    const large = await statementsFor(`/products/${api.seeded.products.pride.id}`);
    const small = await statementsFor(`/products/${api.seeded.products.hiddenCategoryBook.id}`);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(2);
    expect(await statementsFor("/products/slug=pride-and-prejudice")).toBe(large);
  });

  it("facets and the category tree take a fixed number of statements", async () => {
    const none = await statementsFor("/product-filters");
    const many = await statementsFor(
      `/product-filters?CategoryId=${api.seeded.categories.gifts.id}&Filters[0][Code]=format&Filters[0][Values][0]=hardback&Filters[1][Code]=occasion&Filters[1][Values][0]=christmas&MinPrice=1`,
    );
    expect(none).toBeLessThanOrEqual(2);
    expect(many).toBeLessThanOrEqual(3);
    expect(await statementsFor("/categories/tree")).toBe(2);
  });
});
