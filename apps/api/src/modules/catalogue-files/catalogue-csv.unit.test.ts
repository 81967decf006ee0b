import { describe, expect, it } from "vitest";
import { descriptionFromHtml, readCatalogueFile, slugOf, UnreadableCatalogueFile } from "./catalogue-csv";
import { descriptionToHtml } from "./catalogue-csv-export";

const options = { currencies: ["GBP", "EUR"], defaultCurrency: "GBP" };

describe("reading a catalogue file", () => {
  it("groups Quire's rows by handle, a variant per row, product fields from the first row that has them", () => {
    const read = readCatalogueFile(
      [
        "handle,name,sku,variant_name,stock,price_GBP,original_price_GBP,price_EUR,attribute_author,categories",
        "two-moons,Two Moons,MOON-HB,Hardback,3,10.00,12.00,,Ada Finch|Ben Ormond,fiction",
        "two-moons,,MOON-PB,Paperback,,6.5,,7.00,,",
      ].join("\r\n"),
      "quire",
      options,
    );
    expect(read.errors).toEqual([]);
    expect(read.drafts).toEqual([
      {
        handle: "two-moons",
        rows: [2, 3],
        name: "Two Moons",
        categories: ["fiction"],
        attributes: { author: ["Ada Finch", "Ben Ormond"] },
        variants: [
          { row: 2, sku: "MOON-HB", name: "Hardback", options: [], stockQuantity: 3, prices: { GBP: { amount: 1000, original: 1200 } } },
          { row: 3, sku: "MOON-PB", name: "Paperback", options: [], prices: { GBP: { amount: 650 }, EUR: { amount: 700 } } },
        ],
      },
    ]);
  });

  it("names the row and column of each problem, and the products that have one", () => {
    const read = readCatalogueFile(
      [
        "handle,name,sku,price_GBP,price_JPY,stock,published",
        "Bad Handle,X,X-1,1.00,,1,true",
        "ok-book,OK,OK-1,£3,,-2,maybe",
        "ok-book,OK,OK-1,3.00,,,",
      ].join("\n"),
      "quire",
      options,
    );
    expect(read.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 1, column: "price_JPY", code: "currency_not_supported" }),
        expect.objectContaining({ row: 2, column: "handle", code: "invalid_handle" }),
        expect.objectContaining({ row: 3, column: "price_GBP", code: "invalid_price" }),
        expect.objectContaining({ row: 3, column: "stock", code: "invalid_stock" }),
        expect.objectContaining({ row: 3, column: "published", code: "invalid_boolean" }),
        expect.objectContaining({ row: 4, column: "sku", code: "duplicate_sku" }),
      ]),
    );
    expect([...read.failed].sort()).toEqual(["Bad Handle", "ok-book"]);
  });

  it("refuses what is not a catalogue file at all", () => {
    expect(() => readCatalogueFile("", "quire", options)).toThrow(UnreadableCatalogueFile);
    expect(() => readCatalogueFile("Handle,Title,Variant Price\n", "quire", options)).toThrow(/lacks the columns handle, sku/);
    expect(() => readCatalogueFile("handle,sku,price_GBP\n", "shopify", options)).toThrow(/Shopify/);
  });
});

describe("descriptions between Quire's text and Shopify's HTML", () => {
  it("keeps paragraphs and line breaks both ways, and escapes what HTML would read", () => {
    const text = "A <small> book & a map.\nSecond line.\n\nSecond paragraph.";
    expect(descriptionToHtml(text)).toBe("<p>A &lt;small&gt; book &amp; a map.<br>Second line.</p><p>Second paragraph.</p>");
    expect(descriptionFromHtml(descriptionToHtml(text))).toBe(text);
    expect(descriptionFromHtml('<h2>Title</h2><p>Read <a href="https://x.example">this</a>.<img src="x.png"></p>')).toBe(
      "Title\n\nRead this.",
    );
  });

  it("makes codes of names", () => {
    expect(slugOf("Paper Size")).toBe("paper-size");
    expect(slugOf("Ève  Müller!")).toBe("eve-muller");
    expect(slugOf("***")).toBe("");
  });
});
