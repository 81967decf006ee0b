import { and, eq } from "drizzle-orm";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { runCatalogueImport } from "../../flows/catalogue-import.flow";
import { createAttribute, createCategory, createProduct, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { drainJobs } from "../../testing/test-jobs";
import { temporaryImageStorage } from "../media/local-image-storage";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";
import { eventually } from "../../testing/eventually";
import { auditLog } from "../audit/audit.tables";
import { stockMovements } from "../inventory/inventory.tables";

const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    const fiction = await createCategory(db, { storeId: store.id, slug: "fiction", name: "Fiction" });
    await createCategory(db, { storeId: store.id, slug: "poetry", name: "Poetry" });
    const author = await createAttribute(db, {
      storeId: store.id,
      code: "author",
      name: "Author",
      values: [{ code: "ada-finch", label: "Ada Finch" }],
    });
    // A book the shop has already: an import names it by its slug and its variant by SKU.
    await createProduct(db, {
      storeId: store.id,
      productTypeId: bookType.id,
      slug: "the-salt-road",
      name: "The Salt Road",
      subtitle: "A novel",
      series: "Coast",
      categoryIds: [fiction.id],
      attributeValueIds: [author.valueIds.get("ada-finch")!],
      variants: [
        {
          sku: "SALT-HB",
          name: "Hardback",
          options: [{ code: "format", name: "Format", value: "Hardback" }],
          stockQuantity: 4,
          prices: { GBP: { amount: 1600 }, EUR: { amount: 1800 } },
        },
      ],
    });
    const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
    const packer = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
    return { store, manager, packer };
    // The catalogue index and a counts cache of a minute, as the API runs: an import's products must show in the
    // facets as soon as the index takes them in, not a minute later.
  },
  { catalogIndex: true, catalogCountsTtlMs: 60_000 },
);

const storekey = TEST_HEADERS.storekey;
const send = (token: string, method: "GET" | "POST", url: string, csv?: string | Buffer) =>
  api.app.inject({
    method,
    url,
    headers: { storekey, authorization: `Bearer ${token}`, ...(csv !== undefined ? { "content-type": "text/csv" } : {}) },
    ...(csv !== undefined ? { payload: csv } : {}),
  });
const asManager = (method: "GET" | "POST", url: string, csv?: string | Buffer) => send(api.seeded.manager.token, method, url, csv);
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

const QUIRE_HEADER =
  "handle,name,subtitle,description,series,published,tax_class,product_type,categories,sku,isbn,variant_name,stock,option1_code,option1_name,option1_value,attribute_author,price_GBP,original_price_GBP,tier_prices_GBP,price_EUR";

/** Imports the file and runs its job to the end; answers the finished import. */
async function importAndRun(format: "quire" | "shopify", csv: string) {
  const started = await asManager("POST", `/admin/catalogue/imports?format=${format}`, csv);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.headers.location).toBe(`/admin/catalogue/imports/${started.json().data.id}`);
  await drainJobs(api.database.db, { only: ["catalogue-import"] });
  const finished = await asManager("GET", `/admin/catalogue/imports/${started.json().data.id}`);
  return finished.json().data;
}

async function productBySlug(slug: string) {
  const list = await asManager("GET", `/admin/products?search=${slug}&limit=5`);
  const item = list.json().data.products.find((product: { slug: string }) => product.slug === slug);
  if (!item) return null;
  return (await asManager("GET", `/admin/products/${item.id}`)).json().data;
}

describe("the merchant's catalogue import, in Quire's format", () => {
  const file = [
    QUIRE_HEADER,
    'the-tide-clock,The Tide Clock,,"A clock that keeps the sea\'s time.\n\nIn two parts.",,true,books,book,fiction|poetry,TIDE-HB,9780000000019,Hardback,5,format,Format,Hardback,Ada Finch|Ben Ormond,12.50,16.00,3:11.00,14.00',
    "the-tide-clock,,,,,,,,,TIDE-PB,,Paperback,0,format,Format,Paperback,,7.99,,,9.00",
    "the-salt-road,The Salt Road,A novel,,Coast,true,books,book,fiction,SALT-HB,,Hardback,9,format,Format,Hardback,Ada Finch,15.00,,,18.00",
  ].join("\n");

  it("checks a file first: what it would create and change, writing nothing", async () => {
    const checked = await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", file);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({
      format: "quire",
      rows: 3,
      products: 2,
      variants: 3,
      toCreate: 1,
      toUpdate: 1,
      unchanged: 0,
      failed: 0,
      errors: [],
    });
    expect(await productBySlug("the-tide-clock")).toBeNull();
  });

  it("creates and changes products, makes a new author, keeps what the file does not say, and a second run changes nothing", async () => {
    const done = await importAndRun("quire", file);
    expect(done).toMatchObject({
      status: "succeeded",
      products: 2,
      productsDone: 2,
      productsFailed: 0,
      created: 1,
      updated: 1,
      unchanged: 0,
    });

    const tide = await productBySlug("the-tide-clock");
    expect(tide).toMatchObject({
      name: "The Tide Clock",
      description: "A clock that keeps the sea's time.\n\nIn two parts.",
      isPublished: true,
    });
    expect(tide.categoryIds).toHaveLength(2);
    expect(tide.attributeValueIds).toHaveLength(2);
    expect(tide.variants).toMatchObject([
      {
        sku: "TIDE-HB",
        isbn: "9780000000019",
        stockQuantity: 5,
        prices: { GBP: { amount: 1250, original: 1600 }, EUR: { amount: 1400, original: null } },
        tierPrices: { GBP: [{ minQuantity: 3, amount: 1100 }] },
      },
      { sku: "TIDE-PB", name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 799 } } },
    ]);
    const salt = await productBySlug("the-salt-road");
    // Price and stock changed; subtitle and series kept (the file says the same), the stock change in its history.
    expect(salt).toMatchObject({ subtitle: "A novel", series: "Coast" });
    expect(salt.variants[0]).toMatchObject({ stockQuantity: 9, prices: { GBP: { amount: 1500 }, EUR: { amount: 1800 } } });
    const movements = await api.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, salt.variants[0].id));
    expect(movements.map((movement) => movement.reason)).toContain("count");
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "product"), eq(auditLog.resourceId, String(salt.id))));
    expect(entries.at(-1)?.changes).toMatchObject({ "variant SALT-HB stock": { before: 4, after: 9 } });
    expect(entries.at(-1)?.actorLabel).toBe("manager@staff.example");

    const again = await importAndRun("quire", file);
    expect(again).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: 2 });
  });

  it("exports the catalogue, and importing the export changes nothing", async () => {
    const exported = await asManager("GET", "/admin/catalogue/export?format=quire");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const checked = await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", exported.body);
    expect(checked.json().data).toMatchObject({ toCreate: 0, toUpdate: 0, failed: 0, errors: [] });
    expect(checked.json().data.unchanged).toBe(checked.json().data.products);
    // And a second export is the first one, byte for byte.
    await importAndRun("quire", exported.body);
    expect((await asManager("GET", "/admin/catalogue/export?format=quire")).body).toBe(exported.body);
  });

  it("neutralises formulas in an export and reads them back as they were", async () => {
    const formula = [QUIRE_HEADER, '=cmd-book,"=HYPERLINK(""http://x"")",,,,false,books,book,,CMD-1,,-minus,1,,,,,1.00,,,'].join("\n");
    const refused = await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", formula);
    expect(refused.json().data.errors[0]).toMatchObject({ row: 2, column: "handle", code: "invalid_handle" });
    const ok = formula.replace("=cmd-book", "cmd-book");
    expect(await importAndRun("quire", ok)).toMatchObject({ created: 1 });
    const exported = (await asManager("GET", "/admin/catalogue/export?format=quire")).body;
    expect(exported).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(exported).toContain(",'-minus,");
    const checked = await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", exported);
    expect(checked.json().data).toMatchObject({ toUpdate: 0, failed: 0 });
  });
});

describe("the merchant's catalogue import, from Shopify", () => {
  const shopify = [
    "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Barcode,Image Src,Status",
    'harbour-lights,Harbour Lights,"<p>Boats &amp; <b>lights</b>.</p><p>A second part.</p>",Gull Press,Book,"sea, night",TRUE,Format,Hardback,HARB-HB,400,3,14.00,18.00,978-0-00-000002-6,https://img.example/h.jpg,active',
    "harbour-lights,,,,,,,,Paperback,HARB-PB,200,7,8.50,8.50,,,",
    ",,,,,,,,,,,,,,,https://img.example/h2.jpg,",
    "quiet-field,Quiet Field,,,Unknown Type,,TRUE,Title,Default Title,FIELD-1,,2,9.00,,,,draft",
  ].join("\n");

  it("imports Shopify's product CSV as it is exported: handles, options, compare-at prices, stock, status", async () => {
    const done = await importAndRun("shopify", shopify);
    expect(done).toMatchObject({ status: "succeeded", created: 2, productsFailed: 0 });
    expect(done.warnings.map((warning: { column: string }) => warning.column)).toEqual(
      expect.arrayContaining(["Variant Grams", "Vendor", "Tags", "Image Src"]),
    );
    expect(done.errors).toEqual([{ row: 4, column: "Handle", code: "missing_handle", message: expect.any(String) }]);
    const harbour = await productBySlug("harbour-lights");
    expect(harbour).toMatchObject({ name: "Harbour Lights", description: "Boats & lights.\n\nA second part.", isPublished: true });
    expect(harbour.variants).toMatchObject([
      { sku: "HARB-HB", name: "Hardback", isbn: "9780000000026", stockQuantity: 3, prices: { GBP: { amount: 1400, original: 1800 } } },
      // A compare-at price no higher than the price is no sale.
      { sku: "HARB-PB", name: "Paperback", stockQuantity: 7, prices: { GBP: { amount: 850, original: null } } },
    ]);
    expect(await productBySlug("quiet-field")).toMatchObject({ isPublished: false, variants: [{ name: "Quiet Field", options: [] }] });

    // Shopify's format round-trips too.
    const exported = await asManager("GET", "/admin/catalogue/export?format=shopify");
    const checked = await asManager("POST", "/admin/catalogue/imports/dry-run?format=shopify", exported.body);
    expect(checked.json().data).toMatchObject({ toCreate: 0, toUpdate: 0, failed: 0, errors: [] });
  });
});

describe("the shop after an import", () => {
  it("shows the new books in their category's facets at once, though counts are otherwise kept a minute", async () => {
    const facets = async () => (await api.get("/product-filters?CategorySlug=poetry")).json().data;
    const before = await facets();
    const file = [QUIRE_HEADER, "salt-psalms,Salt Psalms,,,,true,books,book,poetry,PSALM-1,,,2,,,,Nell Quarry,6.00,,,"].join("\n");
    expect(await importAndRun("quire", file)).toMatchObject({ created: 1 });
    await eventually("the new book in the poetry facets", async () => {
      const after = await facets();
      const authors = after.facets.find((facet: { code: string }) => facet.code === "author")?.values ?? [];
      return after.total === before.total + 1 && authors.some((value: { label: string }) => value.label === "Nell Quarry");
    });
  });
});

describe("a catalogue file that is wrong", () => {
  it("answers what is wrong with the file, row and column, and imports none of a product with an error", async () => {
    const bad = [
      QUIRE_HEADER,
      "bad-price,Bad Price,,,,true,,,,BAD-1,,,1,,,,,12.5.0,,,",
      "no-category,No Category,,,,true,,,romance,NOCAT-1,,,1,,,,,5.00,,,",
      "taken-sku,Taken,,,,true,,,,SALT-HB,,,1,,,,,5.00,,,",
      "good-one,Good One,,,,true,,,,GOOD-1,,,1,,,,,5.00,,,",
      "bad-price,Again,,,,true,,,,BAD-2,,,1,,,,,5.00,,,",
    ].join("\n");
    const checked = (await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", bad)).json().data;
    expect(checked).toMatchObject({ toCreate: 1, failed: 3 });
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, column: "price_GBP", code: "invalid_price" }),
        expect.objectContaining({ row: 6, column: "handle", code: "duplicate_handle" }),
        expect.objectContaining({ row: 3, column: "categories", code: "category_not_found" }),
        expect.objectContaining({ row: 4, column: "sku", code: "sku_taken" }),
      ]),
    );
    const done = await importAndRun("quire", bad);
    expect(done).toMatchObject({ created: 1, productsFailed: 3 });
    expect(await productBySlug("bad-price")).toBeNull();
    expect(await productBySlug("taken-sku")).toBeNull();
  });

  it("refuses a file that is not UTF-8, not CSV, or lacks the format's columns, with a 4xx", async () => {
    const latin1 = Buffer.from("handle,name,sku,price_GBP\ncaf\xe9,Caf\xe9,C-1,1.00\n", "latin1");
    expect(codeOf(await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", latin1))).toBe("csv_not_utf8");
    expect(codeOf(await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", 'handle,"name\nx,"y'))).toBe("csv_unreadable");
    expect(codeOf(await asManager("POST", "/admin/catalogue/imports/dry-run?format=shopify", `${QUIRE_HEADER}\n`))).toBe(
      "csv_missing_columns",
    );
    const semicolons = "handle;name;sku;price_GBP\nsemi-book;Semi;SEMI-1;3.00\n";
    expect((await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", semicolons)).json().data).toMatchObject({
      toCreate: 1,
    });
    const tooBig = await api.app.inject({
      method: "POST",
      url: "/admin/catalogue/imports/dry-run?format=quire",
      headers: { storekey, authorization: `Bearer ${api.seeded.manager.token}`, "content-type": "text/csv" },
      payload: Buffer.alloc(100 * 1024 * 1024 + 1, 0x61),
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it("is the catalogue permission's: fulfilment staff are refused", async () => {
    const refused = await send(api.seeded.packer.token, "POST", "/admin/catalogue/imports/dry-run?format=quire", `${QUIRE_HEADER}\n`);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("permission_denied");
    expect((await send(api.seeded.packer.token, "GET", "/admin/catalogue/export?format=quire")).statusCode).toBe(403);
  });
});

describe("an import over variants the shop has", () => {
  it("changes a variant's name, options, ISBN and quantity breaks from Quire's format, and a second run changes nothing", async () => {
    const header = "handle,name,published,sku,isbn,variant_name,option1_code,option1_name,option1_value,price_GBP,tier_prices_GBP";
    const first = [header, "gull-island,Gull Island,true,GULL-1,,Hardback,format,Format,Hardback,15.00,"].join("\n");
    expect(await importAndRun("quire", first)).toMatchObject({ status: "succeeded", created: 1 });
    const second = [
      header,
      "gull-island,Gull Island,true,GULL-1,9780000000031,Hardback (signed),format,Format,Signed hardback,15.00,3:13.50|10:12.00",
    ].join("\n");
    expect(await importAndRun("quire", second)).toMatchObject({ status: "succeeded", updated: 1 });
    const [variant] = (await productBySlug("gull-island")).variants;
    expect(variant).toMatchObject({
      name: "Hardback (signed)",
      isbn: "9780000000031",
      options: [{ code: "format", name: "Format", value: "Signed hardback" }],
      tierPrices: {
        GBP: [
          { minQuantity: 3, amount: 1350 },
          { minQuantity: 10, amount: 1200 },
        ],
      },
    });
    expect(await importAndRun("quire", second)).toMatchObject({ status: "succeeded", updated: 0, unchanged: 1 });
    // Shopify's file names a variant from its options or the title: it leaves the merchant's names alone.
    const shopify = ["Handle,Title,Variant SKU,Variant Price", "gull-island,Gull Island,GULL-1,15.00"].join("\n");
    expect(await importAndRun("shopify", shopify)).toMatchObject({ status: "succeeded", unchanged: 1 });
    expect((await productBySlug("gull-island")).variants[0].name).toBe("Hardback (signed)");
  });
});

describe("an import's SEO fields", () => {
  it("sets a product's SEO title and description from Quire's format, exports them, and a second run changes nothing", async () => {
    const file = [
      "handle,name,seo_title,seo_description,published,sku,price_GBP",
      "tern-atlas,Tern Atlas,Tern Atlas: the birds of the northern coasts,Maps and drawings of every tern colony.,true,TERN-ATLAS,25.00",
    ].join("\n");
    expect(await importAndRun("quire", file)).toMatchObject({ status: "succeeded", created: 1 });
    expect(await productBySlug("tern-atlas")).toMatchObject({
      seoTitle: "Tern Atlas: the birds of the northern coasts",
      seoDescription: "Maps and drawings of every tern colony.",
    });
    expect(await importAndRun("quire", file)).toMatchObject({ status: "succeeded", unchanged: 1 });
    const exported = (await asManager("GET", "/admin/catalogue/export?format=quire")).body;
    expect(exported).toContain("Tern Atlas: the birds of the northern coasts,Maps and drawings of every tern colony.");
    const tooLong = [file.split("\n")[0], `tern-atlas,Tern Atlas,${"x".repeat(71)},,true,TERN-ATLAS,25.00`].join("\n");
    const checked = (await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", tooLong)).json().data;
    expect(checked.errors).toEqual([expect.objectContaining({ row: 2, column: "seo_title", code: "text_too_long" })]);
  });
});

describe("an import's product safety information (decision 059)", () => {
  const header =
    "handle,name,published,sku,price_GBP,safety_manufacturer,safety_manufacturer_address,safety_manufacturer_country,safety_manufacturer_contact," +
    "safety_responsible_person,safety_responsible_address,safety_responsible_country,safety_responsible_contact,safety_identifiers,safety_warnings";
  const line = (cells: { handle?: string; country?: string; responsible?: string; warnings?: string } = {}) =>
    [
      `${cells.handle ?? "puffin-paper-theatre"},Puffin Paper Theatre,true,${cells.handle ?? "PUFFIN-1"},18.00`,
      `Lantern Yard Press Ltd,"4 Rope Walk
Bristol BS1 4QA",${cells.country ?? "gb"},safety@lanternyard.example`,
      cells.responsible ?? "Quay Compliance Ltd,12 Merchant's Quay Dublin,IE,https://quay-compliance.example/contact",
      `Batch 2026-11,${cells.warnings ?? "Small parts: not for children under 3."}`,
    ].join(",");

  it("sets a product's safety information, exports it, and a second run changes nothing", async () => {
    const file = [header, line()].join("\n");
    expect(await importAndRun("quire", file)).toMatchObject({ status: "succeeded", created: 1 });
    expect((await productBySlug("puffin-paper-theatre")).safety).toEqual({
      manufacturer: {
        name: "Lantern Yard Press Ltd",
        postalAddress: "4 Rope Walk\nBristol BS1 4QA",
        countryCode: "GB",
        electronicAddress: "safety@lanternyard.example",
      },
      responsiblePerson: {
        name: "Quay Compliance Ltd",
        postalAddress: "12 Merchant's Quay Dublin",
        countryCode: "IE",
        electronicAddress: "https://quay-compliance.example/contact",
      },
      identifiers: "Batch 2026-11",
      warnings: "Small parts: not for children under 3.",
    });
    expect(await importAndRun("quire", file)).toMatchObject({ status: "succeeded", unchanged: 1 });
    const exported = (await asManager("GET", "/admin/catalogue/export?format=quire")).body;
    expect(exported).toContain('Lantern Yard Press Ltd,"4 Rope Walk\nBristol BS1 4QA",GB,safety@lanternyard.example,Quay Compliance Ltd');
    // Empty safety cells take it away.
    const cleared = [header, "puffin-paper-theatre,Puffin Paper Theatre,true,PUFFIN-1,18.00,,,,,,,,,,"].join("\n");
    expect(await importAndRun("quire", cleared)).toMatchObject({ status: "succeeded", updated: 1 });
    expect((await productBySlug("puffin-paper-theatre")).safety).toBeNull();
  });

  it("names the cell of each problem: a maker outside the EU with no one responsible in it, a responsible person outside it", async () => {
    const file = [
      header,
      line({ handle: "gannet-1", responsible: ",,," }),
      line({ handle: "gannet-2", responsible: "Quay Compliance Ltd,1 High St,GB,x@y.example", warnings: "" }),
    ].join("\n");
    const checked = (await asManager("POST", "/admin/catalogue/imports/dry-run?format=quire", file)).json().data;
    expect(checked.errors).toEqual([
      expect.objectContaining({ row: 2, column: "safety_responsible_person", code: "invalid_safety" }),
      expect.objectContaining({ row: 3, column: "safety_responsible_country", code: "invalid_safety" }),
    ]);
  });
});

describe("an import that stops", () => {
  it("carries on from the first product not yet written, and writes none twice", async () => {
    const rows = Array.from({ length: 250 }, (_, n) => `resume-${n},Resume ${n},,,,true,books,book,,RES-${n},,,1,,,,,4.00,,,`);
    const started = await asManager("POST", "/admin/catalogue/imports?format=quire", [QUIRE_HEADER, ...rows].join("\n"));
    const id = started.json().data.id as number;
    // The first run stops after one batch of 100, as a crash would; the job then runs it again.
    await runCatalogueImport(api.database.db, id, {
      stopAfterBatches: 1,
      images: { storage: temporaryImageStorage(), allowPrivateAddresses: false },
    });
    const halfway = (await asManager("GET", `/admin/catalogue/imports/${id}`)).json().data;
    expect(halfway).toMatchObject({ status: "running", productsDone: 100, created: 100 });
    await drainJobs(api.database.db, { only: ["catalogue-import"] });
    const finished = (await asManager("GET", `/admin/catalogue/imports/${id}`)).json().data;
    expect(finished).toMatchObject({ status: "succeeded", productsDone: 250, created: 250, productsFailed: 0 });
    const list = (await asManager("GET", "/admin/catalogue/imports?limit=1")).json().data;
    expect(list.imports[0]).toMatchObject({ id, status: "succeeded" });
    // Older imports are on the next pages, before this one.
    const older = (await asManager("GET", `/admin/catalogue/imports?before=${id}&limit=100`)).json().data.imports as { id: number }[];
    expect(older.every((entry) => entry.id < id)).toBe(true);
  });
});

describe("an import's pictures", () => {
  /** A picture server on this machine: two covers, a page that is not a picture, and nothing else. */
  async function pictureServer() {
    const cover = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#2a6f4e" } })
      .png()
      .toBuffer();
    const back = await sharp({ create: { width: 300, height: 450, channels: 3, background: "#6f2a4e" } })
      .jpeg()
      .toBuffer();
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? "");
      if (request.url === "/cover.png") response.writeHead(200, { "content-type": "image/png" }).end(cover);
      else if (request.url === "/back.jpg") response.writeHead(200, { "content-type": "image/jpeg" }).end(back);
      else if (request.url === "/page.png") response.writeHead(200, { "content-type": "text/html" }).end("<html>not a picture</html>");
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  const storage = temporaryImageStorage();
  const allowed = { storage, allowPrivateAddresses: true };

  async function importWithPictures(format: "quire" | "shopify", csv: string, images = allowed) {
    const started = await asManager("POST", `/admin/catalogue/imports?format=${format}`, csv);
    expect(started.statusCode, started.body).toBe(202);
    await drainJobs(api.database.db, { only: ["catalogue-import"], images });
    return (await asManager("GET", `/admin/catalogue/imports/${started.json().data.id}`)).json().data;
  }
  const imagesOf = async (slug: string) => {
    const product = await productBySlug(slug);
    return (await asManager("GET", `/admin/products/${product.id}/images`)).json().data.images as {
      sourceUrl: string;
      image: { url: string; alt: string; width: number };
    }[];
  };

  it("fetches Shopify's Image Src in their positions, reports the ones it cannot use by row, and fetches nothing twice", async () => {
    const server = await pictureServer();
    try {
      const file = [
        "Handle,Title,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text",
        `kelp-atlas,Kelp Atlas,KELP-1,20.00,${server.base}/back.jpg,2,The back cover`,
        `kelp-atlas,,,,${server.base}/cover.png,1,The front cover`,
        `kelp-atlas,,,,${server.base}/missing.png,3,`,
        `kelp-atlas,,,,${server.base}/page.png,4,`,
        `kelp-atlas,,,,ftp://files.example/cover.png,5,`,
      ].join("\n");
      const checked = await asManager("POST", "/admin/catalogue/imports/dry-run?format=shopify", file);
      expect(checked.json().data.errors).toEqual([{ row: 6, column: "Image Src", code: "invalid_image_url", message: expect.any(String) }]);

      const done = await importWithPictures("shopify", file.split("\n").slice(0, 5).join("\n"));
      expect(done).toMatchObject({ status: "succeeded", created: 1, productsFailed: 0 });
      expect(done.warnings).toEqual(
        expect.arrayContaining([
          { row: 4, column: "Image Src", code: "image_not_added", message: expect.stringContaining("404") },
          { row: 5, column: "Image Src", code: "image_not_added", message: expect.any(String) },
        ]),
      );
      const images = await imagesOf("kelp-atlas");
      expect(images.map((image) => [image.sourceUrl, image.image.alt, image.image.width])).toEqual([
        [`${server.base}/cover.png`, "The front cover", 400],
        [`${server.base}/back.jpg`, "The back cover", 300],
      ]);

      // Again: the product is unchanged and its pictures are not fetched again (only the two that failed are tried).
      server.requests.length = 0;
      const again = await importWithPictures("shopify", file.split("\n").slice(0, 5).join("\n"));
      expect(again).toMatchObject({ status: "succeeded", unchanged: 1 });
      expect(server.requests.sort()).toEqual(["/missing.png", "/page.png"]);
      expect(await imagesOf("kelp-atlas")).toHaveLength(2);

      // The export names each picture by where it came from, and imports back as it is.
      const exported = (await asManager("GET", "/admin/catalogue/export?format=shopify")).body;
      expect(exported).toContain(`${server.base}/cover.png,1,The front cover`);
      expect(exported).toContain(`${server.base}/back.jpg,2,The back cover`);
      const quire = (await asManager("GET", "/admin/catalogue/export?format=quire")).body;
      expect(quire).toContain(`${server.base}/cover.png|${server.base}/back.jpg,The front cover|The back cover`);
    } finally {
      await server.close();
    }
  });

  it("takes Quire's images column, and refuses this machine's own addresses unless told otherwise", async () => {
    const server = await pictureServer();
    try {
      const header = "handle,name,published,sku,price_GBP,images,image_alts";
      const file = [header, `tern-diary,Tern Diary,true,TERN-1,9.00,${server.base}/cover.png|${server.base}/back.jpg,A tern|`].join("\n");
      const refused = await importWithPictures("quire", file, { storage, allowPrivateAddresses: false });
      expect(refused).toMatchObject({ status: "succeeded", created: 1 });
      expect(refused.warnings.filter((warning: { code: string }) => warning.code === "image_not_added")).toHaveLength(2);
      expect(server.requests).toEqual([]);
      expect(await imagesOf("tern-diary")).toEqual([]);

      await importWithPictures("quire", file);
      const images = await imagesOf("tern-diary");
      // A picture without words in the file has none yet: the merchant writes them later.
      expect(images.map((image) => image.image.alt)).toEqual(["A tern", ""]);
      const page = (await api.get(`/products/slug=tern-diary`)).json().data;
      expect(page.images[0].sources[0].type).toBe("image/avif");
    } finally {
      await server.close();
    }
  });
});
