import { describe, expect, it } from "vitest";
import { authorPool, MAX_AUTHORS, slugify } from "./demo-books";
import { GENRES } from "./demo-genres";
import { CATEGORY_TREE, CURRENCIES } from "./demo-shop";
import { DEMO_PRODUCT_COUNT, generateDemoBooks } from "./seed-demo-shop";
import { generateLargeCatalogueBook } from "./seed-large-catalogue";

const books = generateDemoBooks();
const leafSlugs = new Set(CATEGORY_TREE.flatMap((category) => category.children.map((child) => child.slug)));

describe("generated demo books", () => {
  it("are the same on every run", () => {
    expect(generateDemoBooks()).toEqual(books);
    const authors = authorPool(MAX_AUTHORS);
    expect(generateLargeCatalogueBook(77, authors)).toEqual(generateLargeCatalogueBook(77, authorPool(MAX_AUTHORS)));
  });

  it("have unique slugs and SKUs, and plain slugs made from their titles", () => {
    expect(books).toHaveLength(DEMO_PRODUCT_COUNT);
    expect(new Set(books.map((book) => book.slug)).size).toBe(books.length);
    const skus = books.flatMap((book) => book.variants.map((variant) => variant.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const book of books) expect(book.slug).toBe(slugify(book.title));
  });

  it("sit only in leaf categories, and every genre and leaf category is used", () => {
    for (const book of books) for (const slug of book.categorySlugs) expect(leafSlugs.has(slug), slug).toBe(true);
    const usedLeaves = new Set(books.flatMap((book) => book.categorySlugs));
    expect([...leafSlugs].filter((slug) => !usedLeaves.has(slug))).toEqual([]);
    expect(new Set(books.map((book) => book.genre)).size).toBe(GENRES.length);
  });

  it("have 1 to 3 variants priced in every currency at .99, with sale and tier prices below the regular price", () => {
    for (const book of books) {
      expect(book.variants.length).toBeGreaterThanOrEqual(1);
      expect(book.variants.length).toBeLessThanOrEqual(3);
      for (const variant of book.variants) {
        for (const currency of CURRENCIES) {
          const price = variant.prices[currency];
          expect(price.amount % 100).toBe(99);
          if (price.original !== undefined) expect(price.original).toBeGreaterThan(price.amount);
          for (const tier of variant.tierPrices?.[currency] ?? []) expect(tier.amount).toBeLessThan(price.amount);
        }
      }
    }
  });

  it("write 2 or 3 sentence blurbs with every {slot} filled", () => {
    for (const book of books) {
      expect(book.description).not.toMatch(/[{}]/);
      expect(book.title).not.toMatch(/[{}]/);
      const sentences = book.description.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
      expect(sentences.length, book.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, book.description).toBeLessThanOrEqual(4);
    }
  });

  it("give large-catalogue books numbered, unique slugs and seven-digit SKUs", () => {
    const authors = authorPool(MAX_AUTHORS);
    const book = generateLargeCatalogueBook(42, authors);
    expect(book.slug).toMatch(/-1000042$/);
    expect(book.variants[0]!.sku).toMatch(/^QB-1000042-[A-Z]{2}$/);
  });
});

describe("slugify", () => {
  it("makes URL-safe slugs from titles", () => {
    expect(slugify("Where Is Tilly's Hat?")).toBe("where-is-tillys-hat");
    expect(slugify("Flour, Butter & Jam")).toBe("flour-butter-and-jam");
    expect(slugify("Café in Kraków")).toBe("cafe-in-krakow");
  });
});
