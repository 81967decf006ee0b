import { AutocompleteResponseSchema, ListProductsResponseSchema } from "@quire/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { sqlRows } from "../../../db/sql-rows";
import { createAttribute, createCategory, createProduct, createProductType, createStore } from "../../../testing/factories";
import { useTestApi } from "../../../testing/test-api";
import { drainJobs } from "../../../testing/test-jobs";
import { createCatalogIndex } from "../catalog-index-keeper";
import { updateProduct } from "../catalog-writes";
import { setVariantStock } from "../../inventory/inventory.service";
import { stores } from "../../stores/stores.tables";
import { enqueue } from "../../jobs/job-queue";
import { indexAllQueuedProducts } from "./search-index";
import { queueForIndexing } from "./search-index.repository";

/*
 * Search and autocomplete against the search index on PostgreSQL (decision 035): the ranking rules, typo
 * tolerance, codes, suggestions, and the index following changes through its jobs. Every case runs twice:
 * ranked by PostgreSQL, and ranked in the catalogue index's in-memory lists (search-postings.ts), brought up
 * to date before each request.
 */

const FRANKENSTEIN_ISBN = "9780141439471";

async function createSearchShop(db: Db) {
  const store = await createStore(db, { key: "test-store" });
  const storeId = store.id;
  const author = await createAttribute(db, {
    storeId,
    code: "author",
    name: "Author",
    values: [
      { code: "mary-shelley", label: "Mary Shelley" },
      { code: "ada-marlowe", label: "Ada Marlowe" },
      { code: "edith-harbour", label: "Edith Harbour" },
      { code: "tom-reed", label: "Tom Reed" },
    ],
  });
  const authorId = (code: string) => author.valueIds.get(code)!;
  const book = await createProductType(db, { storeId, code: "book", name: "Book", attributeIds: [author.id] });
  const gothic = await createCategory(db, { storeId, slug: "gothic-fiction", name: "Gothic Fiction" });
  await createCategory(db, { storeId, slug: "hidden-gothic", name: "Gothic Secrets", isVisible: false });
  let sku = 0;
  const product = (input: {
    slug: string;
    name: string;
    author: string;
    series?: string;
    description?: string;
    popularity: number;
    stock?: number;
    isbn?: string;
  }) =>
    createProduct(db, {
      storeId,
      productTypeId: book.id,
      slug: input.slug,
      name: input.name,
      series: input.series ?? "",
      description: input.description ?? "",
      popularity: input.popularity,
      categoryIds: [gothic.id],
      attributeValueIds: [authorId(input.author)],
      variants: [
        {
          sku: input.isbn ? "FR-PB" : `SKU-${++sku}`,
          ...(input.isbn ? { isbn: input.isbn } : {}),
          name: "Paperback",
          stockQuantity: input.stock ?? 10,
          prices: { GBP: { amount: 1000 + sku } },
        },
      ],
    });
  // Popularity runs against the ranking rules, so an order by rules cannot be an order by sales.
  const products = {
    frankenstein: await product({
      slug: "frankenstein",
      name: "Frankenstein",
      author: "mary-shelley",
      popularity: 10,
      isbn: FRANKENSTEIN_ISBN,
    }),
    chronicles: await product({
      slug: "the-frankenstein-chronicles",
      name: "The Frankenstein Chronicles",
      author: "ada-marlowe",
      popularity: 90,
    }),
    harbour: await product({ slug: "harbour", name: "Harbour", author: "tom-reed", popularity: 1 }),
    harbourLights: await product({ slug: "harbour-lights", name: "Harbour Lights", author: "tom-reed", popularity: 2 }),
    harbourNights: await product({ slug: "harbour-nights", name: "Harbour Nights", author: "tom-reed", popularity: 3, stock: 0 }),
    winterTales: await product({ slug: "winter-tales", name: "Winter Tales", author: "edith-harbour", popularity: 4 }),
    saltAndStone: await product({
      slug: "salt-and-stone",
      name: "Salt and Stone",
      author: "tom-reed",
      series: "The Harbour Quartet",
      popularity: 5,
    }),
    midnightTrain: await product({
      slug: "midnight-train",
      name: "Midnight Train",
      author: "ada-marlowe",
      description: "A night journey to the lighthouse by the harbour.",
      popularity: 6,
    }),
  };
  await indexAllQueuedProducts(db);
  return { store, products, gothic };
}

describe.each([
  { ranking: "PostgreSQL ranks", lists: false },
  { ranking: "the in-memory lists rank", lists: true },
])("$ranking", ({ lists }) => {
  const api = useTestApi(
    async (db) => {
      const shop = await createSearchShop(db);
      return { ...shop, index: lists ? await createCatalogIndex({ db, batchDelayMs: 5 }) : null };
    },
    (seeded) => ({ catalogIndex: seeded.index ?? false }),
  );
  afterAll(() => api.seeded.index?.close());

  /** With the lists, waits until they hold every write so far, and makes sure they are what answers. */
  async function upToDate() {
    const { index, store } = api.seeded;
    if (!index) return;
    const current = await index.sync(store.id);
    expect(current.search, "the catalogue index holds the search lists").not.toBeNull();
  }

  async function search(text: string, extra = "") {
    await upToDate();
    const response = await api.get(`/products?SearchText=${encodeURIComponent(text)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return ListProductsResponseSchema.parse(response.json()).data;
  }
  const slugsOf = async (text: string, extra = "") => (await search(text, extra)).results.map((product) => product.slug);

  async function suggest(text: string) {
    await upToDate();
    const response = await api.get(`/products/search/autocomplete?SearchText=${encodeURIComponent(text)}`);
    expect(response.statusCode, response.body).toBe(200);
    return AutocompleteResponseSchema.parse(response.json()).data;
  }

  describe("the ranking rules", () => {
    it("puts the exact title first, then title words, authors, series, description; in stock first within a rule", async () => {
      expect(await slugsOf("harbour")).toEqual([
        "harbour", // the whole title
        "harbour-lights", // a title word, in stock
        "harbour-nights", // a title word, out of stock (sells more, still after)
        "winter-tales", // the author, Edith Harbour
        "salt-and-stone", // the series, The Harbour Quartet
        "midnight-train", // the description
      ]);
      expect(await slugsOf("frankenstein")).toEqual(["frankenstein", "the-frankenstein-chronicles"]);
      // The exact title ignores case and punctuation.
      expect((await slugsOf("THE frankenstein-chronicles!"))[0]).toBe("the-frankenstein-chronicles");
    });

    it("finds an author's books by the author's name", async () => {
      expect(await slugsOf("mary shelley")).toEqual(["frankenstein"]);
      expect(await slugsOf("Ada Marlowe")).toEqual(["the-frankenstein-chronicles", "midnight-train"]);
    });

    it("finds a book by its ISBN, with or without hyphens, as ISBN-13 or ISBN-10, and by its SKU", async () => {
      for (const code of [FRANKENSTEIN_ISBN, "978-0-14-143947-1", "0141439475", "0-14-143947-5", "fr-pb"]) {
        expect(await slugsOf(code), code).toEqual(["frankenstein"]);
      }
      // A wrong check digit is not an ISBN; nothing else has those digits.
      expect(await slugsOf("9780141439472")).toEqual([]);
    });

    it("finds a misspelt book and says what it corrected", async () => {
      const answer = await search("frankenstien");
      expect(answer.results.map((product) => product.slug)).toEqual(["frankenstein", "the-frankenstein-chronicles"]);
      expect(answer.didYouMean).toBe("frankenstein");
      const twoWords = await search("harbor lights");
      expect(twoWords.results[0]?.slug).toBe("harbour-lights");
      expect(twoWords.didYouMean).toBe("harbour lights");
      // A known word (a description's too), or one still being typed, is not corrected.
      expect((await search("harbour")).didYouMean).toBeNull();
      // "lighthouse" is only in a description; without it in the vocabulary it would be "corrected" to "lights".
      const described = await search("lighthouse");
      expect(described.results.map((product) => product.slug)).toEqual(["midnight-train"]);
      expect(described.didYouMean).toBeNull();
      expect((await search("harb")).didYouMean).toBeNull();
      // Without SearchText there is nothing to correct, and the field is absent.
      expect((await api.get("/products")).json().data).not.toHaveProperty("didYouMean");
    });

    it("counts facets and a price range over the search's results, and pages them", async () => {
      await upToDate();
      const filters = (await api.get("/product-filters?SearchText=harbour")).json().data;
      expect(filters.total).toBe(6);
      const authors = filters.facets.find((facet: { code: string }) => facet.code === "author");
      expect(Object.fromEntries(authors.values.map((value: { code: string; count: number }) => [value.code, value.count]))).toEqual({
        "tom-reed": 4,
        "edith-harbour": 1,
        "ada-marlowe": 1,
      });
      const page2 = await search("harbour", "&PageSize=4&PageNumber=2");
      expect(page2.results.map((product) => product.slug)).toEqual(["salt-and-stone", "midnight-train"]);
      expect(page2.total).toBe(6);
      expect(await slugsOf("harbour", "&Filters[0][Code]=author&Filters[0][Values][0]=tom-reed")).toEqual([
        "harbour",
        "harbour-lights",
        "harbour-nights",
        "salt-and-stone",
      ]);
    });
  });

  describe("GET /products/search/autocomplete", () => {
    it("suggests products by the beginning of a word, with the typed part marked", async () => {
      const answer = await suggest("frank");
      expect(answer.products.map((product) => product.slug)).toEqual(["frankenstein", "the-frankenstein-chronicles"]);
      expect(answer.products[0]).toMatchObject({
        name: "Frankenstein",
        byline: "Mary Shelley",
        matchedCode: null,
        highlight: [
          { text: "Frank", match: true },
          { text: "enstein", match: false },
        ],
      });
      expect(answer.products[1]!.highlight).toEqual([
        { text: "The ", match: false },
        { text: "Frank", match: true },
        { text: "enstein Chronicles", match: false },
      ]);
    });

    it("suggests authors and the categories a shopper can see", async () => {
      const byAuthor = await suggest("edith har");
      expect(byAuthor.authors).toEqual([
        {
          code: "edith-harbour",
          name: "Edith Harbour",
          highlight: [
            { text: "Edith", match: true },
            { text: " ", match: false },
            { text: "Har", match: true },
            { text: "bour", match: false },
          ],
        },
      ]);
      expect(byAuthor.products.map((product) => product.slug)).toEqual(["winter-tales"]);
      const byCategory = await suggest("gothic");
      // Gothic Secrets is hidden: never suggested.
      expect(byCategory.categories).toEqual([
        {
          id: api.seeded.gothic.id,
          slug: "gothic-fiction",
          name: "Gothic Fiction",
          highlight: [
            { text: "Gothic", match: true },
            { text: " Fiction", match: false },
          ],
        },
      ]);
    });

    it("suggests through a typo, marking the corrected word", async () => {
      const answer = await suggest("mary shely");
      expect(answer.didYouMean).toBe("mary shelley");
      expect(answer.authors.map((author) => author.name)).toEqual(["Mary Shelley"]);
      expect(answer.products.map((product) => product.slug)).toEqual(["frankenstein"]);
    });

    it("puts the book whose ISBN or SKU was typed first, and names the code", async () => {
      const answer = await suggest("978-0-14-143947-1");
      expect(answer.products.map((product) => [product.slug, product.matchedCode])).toEqual([["frankenstein", FRANKENSTEIN_ISBN]]);
      expect((await suggest("FR-PB")).products.map((product) => product.matchedCode)).toEqual(["FR-PB"]);
      expect(answer.didYouMean).toBeNull();
    });

    it("suggests no product or author to a visitor the store hides its products from", async () => {
      const storeId = api.seeded.store.id;
      await api.database.db.update(stores).set({ anonymousCustomerProductPolicy: "HiddenForUnauthorized" }).where(eq(stores.id, storeId));
      try {
        const answer = await suggest("har");
        expect(answer.products).toEqual([]);
        expect(answer.authors).toEqual([]);
      } finally {
        await api.database.db
          .update(stores)
          .set({ anonymousCustomerProductPolicy: "AllowedUnauthorizedCheckout" })
          .where(eq(stores.id, storeId));
      }
    });

    it("refuses a missing, blank, too long or unknown parameter with 400 and an errors list", async () => {
      for (const query of ["", "?SearchText=", "?SearchText=%20%20", `?SearchText=${"a".repeat(201)}`, "?SearchText=a&Other=1"]) {
        const response = await api.get(`/products/search/autocomplete${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().errors.length, query).toBeGreaterThan(0);
      }
    });

    it("answers search syntax, stop words and symbols without error", async () => {
      for (const text of ["a & b | !c", "the", "!!!", "'", "\\", "%_", "x:*", "ünïcödé"]) {
        const answer = await suggest(text);
        expect(answer.text, text).toBe(text.trim());
      }
    });
  });

  describe("the search index follows changes through its jobs", () => {
    async function waitingIndexJobs() {
      const [row] = await sqlRows<{ n: number }>(
        api.database.db,
        sql`select count(*)::int as n from pgboss.job where name = 'search-index' and state = 'created'`,
      );
      return row!.n;
    }

    it("ranks a book that sold out after one that did not, once the stock job ran", async () => {
      const { harbourLights, harbourNights } = api.seeded.products;
      await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: harbourLights.variants[0]!.id, quantity: 0 });
      await setVariantStock(api.database.db, { storeId: api.seeded.store.id, variantId: harbourNights.variants[0]!.id, quantity: 4 });
      // Not in the request: the index is as it was until the job runs.
      expect((await slugsOf("harbour")).slice(1, 3)).toEqual(["harbour-lights", "harbour-nights"]);
      await drainJobs(api.database.db, { only: ["search-index-stock"] });
      expect((await slugsOf("harbour")).slice(1, 3)).toEqual(["harbour-nights", "harbour-lights"]);
    });

    it("writes anything still queued at the minute's sweep, and recounts the vocabulary, forgetting words no book has", async () => {
      const { saltAndStone } = api.seeded.products;
      const words = async () =>
        (
          await sqlRows<{ word: string; documents: number }>(
            api.database.db,
            sql`select word, documents from search_words where word in ('salt', 'flint')`,
          )
        )
          .map((row) => `${row.word}:${row.documents}`)
          .sort();
      // Queued outside the writer (as a migration's backfill is), with no job to write it.
      await api.database.db.execute(sql`update products set name = 'Flint and Stone' where id = ${saltAndStone.id}`);
      await queueForIndexing(api.database.db, [saltAndStone.id]);
      expect(await slugsOf("flint")).toEqual([]);
      await api.database.db.transaction((tx) => enqueue(tx, "search-index-sweep", {}));
      await drainJobs(api.database.db, { only: ["search-index-sweep"] });
      expect(await slugsOf("flint")).toEqual(["salt-and-stone"]);
      // New words join at once; "salt" stays until the recount finds no document with it.
      expect(await words()).toEqual(["flint:1", "salt:1"]);
      await api.database.db.transaction((tx) => enqueue(tx, "refresh-search-vocabulary", {}));
      await drainJobs(api.database.db, { only: ["refresh-search-vocabulary"] });
      expect(await words()).toEqual(["flint:1"]);
    });

    it("drops an unpublished book and finds a renamed one, with one waiting job per store however many changes", async () => {
      const { midnightTrain, winterTales } = api.seeded.products;
      await drainJobs(api.database.db, { only: ["search-index"] });
      for (const name of ["Night Train", "Night Express", "Midnight Express"])
        await updateProduct(api.database.db, midnightTrain.id, { name });
      await updateProduct(api.database.db, winterTales.id, { isPublished: false });
      expect(await waitingIndexJobs()).toBe(1);
      await drainJobs(api.database.db, { only: ["search-index"] });
      expect(await waitingIndexJobs()).toBe(0);
      expect(await slugsOf("midnight express")).toEqual(["midnight-train"]);
      expect((await suggest("edith")).products).toEqual([]);
      expect(await slugsOf("winter tales")).toEqual([]);
    });
  });
});
