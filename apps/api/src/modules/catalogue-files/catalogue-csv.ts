import { MAX_CATALOGUE_FILE_ROWS, MAX_LISTED_PROBLEMS, type CatalogueFileFormat, type CatalogueFileProblem } from "@quire/contracts";
import { CONTROL_CHARACTERS_MESSAGE, MULTILINE_TEXT, SINGLE_LINE_TEXT, TAX_CLASSES, type TaxClass } from "@quire/contracts";
import { fromDecimalAmount } from "@quire/money";
import { parse } from "csv-parse/sync";
import { convert as htmlToText } from "html-to-text";
import type { ProductSafety } from "@quire/contracts";
import { readSafety, SAFETY_COLUMNS } from "./catalogue-safety-columns";

/*
 * Reading a catalogue file (decision 053) into product drafts: one draft per handle, with its variants, in the
 * file's order, and every problem found with the row and column it is in. Nothing here reads the database: what a
 * draft names (a category slug, a product type, an attribute value, a SKU another product has) is checked against
 * the store by the import flow. A field a format does not carry is left undefined, so importing a Shopify file over
 * a product keeps what only Quire knows (its subtitle, its series).
 */

export interface VariantDraft {
  row: number;
  sku: string;
  isbn?: string;
  name: string;
  options: { code: string; name: string; value: string }[];
  stockQuantity?: number;
  /** currency -> price in minor units; `original` marks a sale. */
  prices: Record<string, { amount: number; original?: number }>;
  /** currency -> quantity breaks (Quire's format only). */
  tierPrices?: Record<string, { minQuantity: number; amount: number }[]>;
}

export interface ProductDraft {
  handle: string;
  /** The spreadsheet rows it came from (the header is row 1). */
  rows: number[];
  name: string;
  subtitle?: string;
  description?: string;
  series?: string;
  /** What search results show (Quire's format only). */
  seoTitle?: string;
  seoDescription?: string;
  /** Its product safety information, null for none (Quire's format only, when the file has the columns). */
  safety?: ProductSafety | null;
  isPublished?: boolean;
  taxClass?: TaxClass;
  /** A product type's code or name; the store's first type when absent. */
  productType?: string;
  /** Category slugs, in order. */
  categories?: string[];
  /** attribute code -> value labels (or codes), in order. */
  attributes?: Record<string, string[]>;
  /** Pictures to fetch by URL (decision 054), in order; the file's own words for each, if it has them. */
  images?: ImageDraft[];
  variants: VariantDraft[];
}

export interface ImageDraft {
  row: number;
  column: string;
  src: string;
  alt?: string;
}

export interface ReadCatalogue {
  rows: number;
  drafts: ProductDraft[];
  errors: CatalogueFileProblem[];
  warnings: CatalogueFileProblem[];
}

export interface ReadOptions {
  /** The currencies the store sells in: Quire's price columns must name one of these. */
  currencies: readonly string[];
  /** Shopify's one price column is in this currency. */
  defaultCurrency: string;
}

/** The file is not a catalogue at all (not UTF-8, no header, not CSV): one problem, no drafts. */
export class UnreadableCatalogueFile extends Error {
  constructor(
    readonly code: "csv_not_utf8" | "csv_unreadable" | "csv_missing_columns" | "csv_too_many_rows",
    message: string,
  ) {
    super(message);
  }
}

const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ISBN_PATTERN = /^97[89][0-9]{10}$/;
const OPTION_CODE_PATTERN = /^[a-z0-9-]{1,50}$/;
const MAX_VARIANTS = 50;
const MAX_OPTIONS = 5;
const LIST_SEPARATOR = "|";

/** Quire's columns, in the order its export writes them (price, sale and tier columns follow, one set per currency). */
export const QUIRE_COLUMNS = [
  "handle",
  "name",
  "subtitle",
  "description",
  "series",
  "seo_title",
  "seo_description",
  "published",
  "tax_class",
  "product_type",
  "categories",
  "sku",
  "isbn",
  "variant_name",
  "stock",
  "images",
  "image_alts",
  ...SAFETY_COLUMNS,
] as const;

/** Shopify's product CSV columns that Quire reads or writes; its other columns are reported once and skipped. */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Status",
] as const;

/** Decodes the bytes as UTF-8, refusing anything else (a spreadsheet saved as Latin-1 or UTF-16). */
export function decodeCatalogueFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableCatalogueFile("csv_not_utf8", 'The file is not UTF-8 text: save it from your spreadsheet as "CSV UTF-8"');
  }
}

/** The separator the header row uses: a comma, or the semicolon or tab some spreadsheets write instead. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.delimiter : ",";
}

/**
 * A cell as written before an export neutralised it: Quire's exports (and careful spreadsheets) put an apostrophe
 * before a cell a spreadsheet would run as a formula ("'=1+1", "'- a list"), which is taken off again here, so an
 * export imports as it was.
 */
function unescapedFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

interface Table {
  header: string[];
  rows: { row: number; cells: Map<string, string> }[];
}

function readTable(text: string): Table {
  let records: string[][];
  const body = text.replace(/^\uFEFF/, "");
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
      to: MAX_CATALOGUE_FILE_ROWS + 2,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnreadableCatalogueFile("csv_unreadable", `The file is not a readable CSV: ${reason}`);
  }
  const [first, ...rest] = records;
  if (!first) throw new UnreadableCatalogueFile("csv_unreadable", "The file is empty: it needs a header row and a row per product variant");
  if (rest.length > MAX_CATALOGUE_FILE_ROWS) {
    throw new UnreadableCatalogueFile(
      "csv_too_many_rows",
      `A file holds at most ${MAX_CATALOGUE_FILE_ROWS} rows: split the catalogue into several files`,
    );
  }
  const header = first.map((name) => name.trim());
  return {
    header,
    // Rows are numbered as a spreadsheet shows them (a quoted cell spanning lines is still one row).
    rows: rest.map((record, index) => ({
      row: index + 2,
      cells: new Map(header.map((name, column) => [name, unescapedFormula((record[column] ?? "").trim())])),
    })),
  };
}

/** Collects problems, listing at most MAX_LISTED_PROBLEMS of each kind while counting them all. */
class Problems {
  readonly errors: CatalogueFileProblem[] = [];
  readonly warnings: CatalogueFileProblem[] = [];
  /** Handles with at least one error: the import skips them whole. */
  readonly failedHandles = new Set<string>();

  error(handle: string | null, row: number, column: string | null, code: string, message: string) {
    if (handle !== null) this.failedHandles.add(handle);
    if (this.errors.length < MAX_LISTED_PROBLEMS) this.errors.push({ row, column, code, message });
  }

  warn(row: number, column: string | null, code: string, message: string) {
    if (this.warnings.length < MAX_LISTED_PROBLEMS) this.warnings.push({ row, column, code, message });
  }
}

function parseBoolean(text: string): boolean | null {
  const value = text.toLowerCase();
  if (["true", "yes", "1"].includes(value)) return true;
  if (["false", "no", "0"].includes(value)) return false;
  return null;
}

function parseWholeNumber(text: string, max: number): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** A list cell ("fiction|classics"), its items trimmed, empty ones dropped. */
function listOf(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Text a product field may hold: no control characters but line breaks and tabs where `multiline`, at most `max`. */
function checkText(
  problems: Problems,
  handle: string,
  row: number,
  column: string,
  value: string,
  options: { max: number; multiline?: boolean },
): string {
  // The same rule as every text field of the API (textSchema): no control characters, line breaks only in paragraphs.
  const allowed = options.multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT;
  if (!allowed.test(value)) problems.error(handle, row, column, "invalid_text", CONTROL_CHARACTERS_MESSAGE);
  if (value.length > options.max) problems.error(handle, row, column, "text_too_long", `At most ${options.max} characters`);
  return value;
}

function checkHandle(problems: Problems, row: number, column: string, handle: string): boolean {
  if (handle === "") {
    problems.error(null, row, column, "missing_handle", "Every row needs the handle of its product");
    return false;
  }
  if (handle.length > 200 || !HANDLE_PATTERN.test(handle)) {
    problems.error(handle, row, column, "invalid_handle", "A handle is lower-case letters, digits and single dashes (at most 200)");
  }
  return true;
}

function checkSku(problems: Problems, handle: string, row: number, column: string, sku: string) {
  if (!SKU_PATTERN.test(sku))
    problems.error(handle, row, column, "invalid_sku", "A SKU is 1 to 64 letters, digits, dots, dashes or underscores");
}

function money(problems: Problems, handle: string, row: number, column: string, text: string): number | undefined {
  const amount = fromDecimalAmount(text);
  if (amount === null || amount > 2_147_483_647) {
    problems.error(handle, row, column, "invalid_price", `"${text}" is not an amount of money: write it like 12.50, without a symbol`);
    return undefined;
  }
  return amount;
}

/**
 * Groups rows into products by handle. A handle's rows must be together: a handle seen again after another one is
 * the file naming two products alike (409-like: the second group is refused).
 */
function groupByHandle<T extends { row: number; handle: string }>(problems: Problems, column: string, rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  let current: string | null = null;
  for (const row of rows) {
    if (row.handle !== current && groups.has(row.handle)) {
      problems.error(
        row.handle,
        row.row,
        column,
        "duplicate_handle",
        `The handle "${row.handle}" is used by an earlier product: give each product its own handle, and keep a product's rows together`,
      );
      continue;
    }
    current = row.handle;
    const group = groups.get(row.handle) ?? [];
    group.push(row);
    groups.set(row.handle, group);
  }
  return groups;
}

function checkVariantCount(problems: Problems, draft: ProductDraft, column: string) {
  if (draft.variants.length === 0) {
    problems.error(draft.handle, draft.rows[0]!, column, "missing_variant", "A product needs at least one variant with a SKU and a price");
  }
  if (draft.variants.length > MAX_VARIANTS) {
    problems.error(draft.handle, draft.rows[0]!, column, "too_many_variants", `A product has at most ${MAX_VARIANTS} variants`);
  }
  const skus = new Set<string>();
  for (const variant of draft.variants) {
    const key = variant.sku.toLowerCase();
    if (skus.has(key)) problems.error(draft.handle, variant.row, column, "duplicate_sku", `The SKU "${variant.sku}" is given twice`);
    skus.add(key);
  }
}

// ---------------------------------------------------------------- Quire's format

/** `price_GBP`, `original_price_GBP`, `tier_prices_GBP` and `attribute_<code>` columns, by what they name. */
function quireDynamicColumns(header: string[]) {
  const byPattern = (pattern: RegExp) =>
    header.flatMap((column) => {
      const match = pattern.exec(column);
      return match ? [{ column, name: match[1]! }] : [];
    });
  return {
    prices: byPattern(/^price_([A-Z]{3})$/),
    originals: byPattern(/^original_price_([A-Z]{3})$/),
    tiers: byPattern(/^tier_prices_([A-Z]{3})$/),
    attributes: byPattern(/^attribute_([a-z0-9-]{1,50})$/),
    options: Array.from({ length: MAX_OPTIONS }, (_, index) => index + 1).filter((n) => header.includes(`option${n}_value`)),
  };
}

function readQuire(table: Table, options: ReadOptions, problems: Problems): ProductDraft[] {
  const missing = ["handle", "sku"].filter((column) => !table.header.includes(column));
  const dynamic = quireDynamicColumns(table.header);
  if (missing.length > 0 || dynamic.prices.length === 0) {
    const names = [...missing, ...(dynamic.prices.length === 0 ? ["price_<currency>"] : [])];
    throw new UnreadableCatalogueFile(
      "csv_missing_columns",
      `The file lacks the column${names.length > 1 ? "s" : ""} ${names.join(", ")} of Quire's format (is it a Shopify file?)`,
    );
  }
  const known = new Set<string>([
    ...QUIRE_COLUMNS,
    ...[...dynamic.prices, ...dynamic.originals, ...dynamic.tiers, ...dynamic.attributes].map(({ column }) => column),
    ...dynamic.options.flatMap((n) => [`option${n}_code`, `option${n}_name`, `option${n}_value`]),
  ]);
  for (const column of table.header.filter((name) => !known.has(name))) {
    problems.warn(1, column, "column_skipped", `Quire's format has no column "${column}": it is not imported`);
  }
  for (const { column, name } of [...dynamic.prices, ...dynamic.originals, ...dynamic.tiers]) {
    if (!options.currencies.includes(name)) {
      problems.error(
        null,
        1,
        column,
        "currency_not_supported",
        `This store does not sell in ${name}: remove the column or add the currency first`,
      );
    }
  }
  // Prices in a currency the store does not sell in are reported above and not read.
  const sold = ({ name }: { name: string }) => options.currencies.includes(name);
  dynamic.prices = dynamic.prices.filter(sold);
  dynamic.originals = dynamic.originals.filter(sold);
  dynamic.tiers = dynamic.tiers.filter(sold);

  const rows = table.rows.map((row) => ({ ...row, handle: row.cells.get("handle") ?? "" }));
  const valid = rows.filter((row) => checkHandle(problems, row.row, "handle", row.handle));
  const drafts: ProductDraft[] = [];
  for (const [handle, group] of groupByHandle(problems, "handle", valid)) {
    const first = group[0]!;
    // A product's own fields are read from its first row where they are filled in; later rows may repeat them.
    const field = (column: string) => group.map((row) => row.cells.get(column)).find((value) => value !== undefined && value !== "");
    const fieldRow = (column: string) => group.find((row) => (row.cells.get(column) ?? "") !== "")?.row ?? first.row;
    const has = (column: string) => table.header.includes(column);
    const draft: ProductDraft = { handle, rows: group.map((row) => row.row), name: "", variants: [] };

    const name = field("name") ?? "";
    if (name === "") problems.error(handle, first.row, "name", "missing_name", "A product needs a name");
    draft.name = checkText(problems, handle, fieldRow("name"), "name", name, { max: 200 });
    if (has("subtitle"))
      draft.subtitle = checkText(problems, handle, fieldRow("subtitle"), "subtitle", field("subtitle") ?? "", { max: 300 });
    if (has("description")) {
      draft.description = checkText(problems, handle, fieldRow("description"), "description", field("description") ?? "", {
        max: 20_000,
        multiline: true,
      });
    }
    if (has("series")) draft.series = checkText(problems, handle, fieldRow("series"), "series", field("series") ?? "", { max: 200 });
    if (has("seo_title")) {
      draft.seoTitle = checkText(problems, handle, fieldRow("seo_title"), "seo_title", field("seo_title") ?? "", { max: 70 });
    }
    if (has("seo_description")) {
      const text = field("seo_description") ?? "";
      draft.seoDescription = checkText(problems, handle, fieldRow("seo_description"), "seo_description", text, { max: 320 });
    }
    if (SAFETY_COLUMNS.some(has)) {
      const read = readSafety(field);
      if ("safety" in read) draft.safety = read.safety;
      else
        for (const problem of read.problems)
          problems.error(handle, fieldRow(problem.column), problem.column, "invalid_safety", problem.message);
    }
    const published = field("published");
    if (published !== undefined) {
      const value = parseBoolean(published);
      if (value === null) problems.error(handle, fieldRow("published"), "published", "invalid_boolean", "Write true or false");
      else draft.isPublished = value;
    }
    const taxClass = field("tax_class");
    if (taxClass !== undefined) {
      if ((TAX_CLASSES as readonly string[]).includes(taxClass)) draft.taxClass = taxClass as TaxClass;
      else problems.error(handle, fieldRow("tax_class"), "tax_class", "invalid_tax_class", `Write one of ${TAX_CLASSES.join(", ")}`);
    }
    const productType = field("product_type");
    if (productType !== undefined) draft.productType = productType;
    if (has("categories")) draft.categories = listOf(field("categories") ?? "");
    if (dynamic.attributes.length > 0) {
      draft.attributes = Object.fromEntries(dynamic.attributes.map(({ column, name: code }) => [code, listOf(field(column) ?? "")]));
      for (const { column } of dynamic.attributes) {
        for (const label of draft.attributes[column.slice("attribute_".length)] ?? []) {
          checkText(problems, handle, fieldRow(column), column, label, { max: 200 });
        }
      }
    }

    if (has("images")) {
      const sources = listOf(field("images") ?? "");
      // Each image's words in the same place of their list, empty where an image has none (so not listOf's way).
      const alts = (field("image_alts") ?? "").split(LIST_SEPARATOR).map((alt) => alt.trim());
      const row = fieldRow("images");
      draft.images = sources
        .filter((src, index) => checkImageUrl(problems, handle, row, "images", src) && sources.indexOf(src) === index)
        .map((src) => {
          const alt = alts[sources.indexOf(src)];
          return { row, column: "images", src, ...(alt ? { alt: checkText(problems, handle, row, "image_alts", alt, { max: 300 }) } : {}) };
        });
    }

    for (const row of group) {
      const sku = row.cells.get("sku") ?? "";
      if (sku === "") {
        problems.error(handle, row.row, "sku", "missing_sku", "Every row of Quire's format is a variant and needs its SKU");
        continue;
      }
      checkSku(problems, handle, row.row, "sku", sku);
      const variant: VariantDraft = { row: row.row, sku, name: row.cells.get("variant_name") || name, options: [], prices: {} };
      checkText(problems, handle, row.row, "variant_name", variant.name, { max: 200 });
      const isbn = row.cells.get("isbn") ?? "";
      if (isbn !== "") {
        if (ISBN_PATTERN.test(isbn)) variant.isbn = isbn;
        else problems.error(handle, row.row, "isbn", "invalid_isbn", "An ISBN-13 is 13 digits starting 978 or 979, without dashes");
      }
      const stock = row.cells.get("stock") ?? "";
      if (stock !== "") {
        const quantity = parseWholeNumber(stock, 1_000_000);
        if (quantity === null) problems.error(handle, row.row, "stock", "invalid_stock", "Stock is a whole number from 0 to 1000000");
        else variant.stockQuantity = quantity;
      }
      for (const n of dynamic.options) {
        const value = row.cells.get(`option${n}_value`) ?? "";
        if (value === "") continue;
        const optionName = row.cells.get(`option${n}_name`) || `Option ${n}`;
        const code = row.cells.get(`option${n}_code`) || slugOf(optionName);
        if (!OPTION_CODE_PATTERN.test(code)) {
          problems.error(handle, row.row, `option${n}_code`, "invalid_option_code", "Use lower-case letters, digits and dashes");
        }
        checkText(problems, handle, row.row, `option${n}_value`, value, { max: 100 });
        checkText(problems, handle, row.row, `option${n}_name`, optionName, { max: 50 });
        variant.options.push({ code, name: optionName, value });
      }
      for (const { column, name: currency } of dynamic.prices) {
        const text = row.cells.get(column) ?? "";
        if (text === "") continue;
        const amount = money(problems, handle, row.row, column, text);
        if (amount === undefined) continue;
        const originalColumn = `original_price_${currency}`;
        const originalText = row.cells.get(originalColumn) ?? "";
        const original = originalText === "" ? undefined : money(problems, handle, row.row, originalColumn, originalText);
        if (original !== undefined && original <= amount) {
          problems.error(
            handle,
            row.row,
            originalColumn,
            "invalid_original_price",
            "The price before a sale must be higher than the price",
          );
        }
        variant.prices[currency] = original !== undefined ? { amount, original } : { amount };
      }
      if (Object.keys(variant.prices).length === 0) {
        problems.error(
          handle,
          row.row,
          dynamic.prices[0]?.column ?? null,
          "missing_price",
          "A variant needs a price in at least one currency",
        );
      }
      for (const { column, name: currency } of dynamic.tiers) {
        const text = row.cells.get(column) ?? "";
        if (text === "") continue;
        const tiers = readTiers(problems, handle, row.row, column, text);
        if (tiers) (variant.tierPrices ??= {})[currency] = tiers;
      }
      draft.variants.push(variant);
    }
    checkVariantCount(problems, draft, "sku");
    drafts.push(draft);
  }
  return drafts;
}

/** A tier cell: "2:11.00|5:10.00" (from 2 copies 11.00 each, from 5 copies 10.00 each). */
function readTiers(problems: Problems, handle: string, row: number, column: string, text: string) {
  const tiers: { minQuantity: number; amount: number }[] = [];
  for (const item of listOf(text)) {
    const [quantityText = "", amountText = ""] = item.split(":").map((part) => part.trim());
    const minQuantity = parseWholeNumber(quantityText, 1_000_000);
    const amount = fromDecimalAmount(amountText);
    if (minQuantity === null || minQuantity < 2 || amount === null) {
      problems.error(handle, row, column, "invalid_tier_price", 'Write quantity breaks as "2:11.00|5:10.00" (from 2 copies, 11.00 each)');
      return null;
    }
    tiers.push({ minQuantity, amount });
  }
  if (tiers.length > 10 || new Set(tiers.map((tier) => tier.minQuantity)).size !== tiers.length) {
    problems.error(handle, row, column, "invalid_tier_price", "At most 10 quantity breaks, each with its own quantity");
    return null;
  }
  return tiers;
}

/** A name as a code: lower case, runs of anything else one dash ("Paper Size" -> "paper-size"). */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
}

// ---------------------------------------------------------------- Shopify's format

/** Body (HTML) as the plain text Quire's descriptions are: paragraphs kept, tags and entities gone, no wrapping. */
export function descriptionFromHtml(html: string): string {
  return htmlToText(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
    ],
  })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The longest image URL a file may give. */
const MAX_IMAGE_URL = 2048;

/** An image URL as a file gives it: http or https, of a sane length; anything else is the row's error. */
function checkImageUrl(problems: Problems, handle: string, row: number, column: string, src: string): boolean {
  const url = URL.canParse(src) ? new URL(src) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || src.length > MAX_IMAGE_URL) {
    problems.error(handle, row, column, "invalid_image_url", `An image is an http or https URL of at most ${MAX_IMAGE_URL} characters`);
    return false;
  }
  return true;
}

/** Shopify's one-variant products name their option "Title" with the value "Default Title": no option at all. */
function isDefaultOption(name: string, value: string): boolean {
  return name === "Title" && value === "Default Title";
}

function readShopify(table: Table, options: ReadOptions, problems: Problems): ProductDraft[] {
  const missing = ["Handle", "Title", "Variant Price"].filter((column) => !table.header.includes(column));
  if (missing.length > 0) {
    throw new UnreadableCatalogueFile(
      "csv_missing_columns",
      `The file lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of Shopify's product CSV (is it in Quire's format?)`,
    );
  }
  const read = new Set<string>(SHOPIFY_COLUMNS);
  for (const column of table.header.filter((name) => !read.has(name))) {
    problems.warn(1, column, "column_skipped", `Quire does not read Shopify's "${column}" column: it is not imported`);
  }
  const once = new Set<string>();
  const warnOnce = (row: number, column: string, message: string) => {
    if (once.has(column)) return;
    once.add(column);
    problems.warn(row, column, "column_skipped", message);
  };
  const rows = table.rows.map((row) => ({ ...row, handle: row.cells.get("Handle") ?? "" }));
  const valid = rows.filter((row) => checkHandle(problems, row.row, "Handle", row.handle));
  const drafts: ProductDraft[] = [];
  for (const [handle, group] of groupByHandle(problems, "Handle", valid)) {
    const first = group[0]!;
    const cell = (row: (typeof group)[number], column: string) => row.cells.get(column) ?? "";
    const draft: ProductDraft = { handle, rows: group.map((row) => row.row), name: "", variants: [] };
    const title = cell(first, "Title");
    if (title === "") problems.error(handle, first.row, "Title", "missing_name", "The first row of a product needs its title");
    draft.name = checkText(problems, handle, first.row, "Title", title, { max: 200 });
    if (table.header.includes("Body (HTML)")) {
      draft.description = checkText(problems, handle, first.row, "Body (HTML)", descriptionFromHtml(cell(first, "Body (HTML)")), {
        max: 20_000,
        multiline: true,
      });
    }
    const type = cell(first, "Type");
    if (type !== "") draft.productType = type;
    const status = cell(first, "Status").toLowerCase();
    const published = cell(first, "Published");
    if (status !== "" && !["active", "draft", "archived"].includes(status)) {
      problems.error(handle, first.row, "Status", "invalid_status", "Write active, draft or archived");
    }
    const publishedValue = published === "" ? null : parseBoolean(published);
    if (published !== "" && publishedValue === null)
      problems.error(handle, first.row, "Published", "invalid_boolean", "Write TRUE or FALSE");
    if (status !== "" || publishedValue !== null) draft.isPublished = (status === "" || status === "active") && publishedValue !== false;
    if (cell(first, "Vendor") !== "") warnOnce(first.row, "Vendor", "Quire keeps no vendor: the Vendor column is not imported");
    if (cell(first, "Tags") !== "") warnOnce(first.row, "Tags", "Quire has no tags on products: the Tags column is not imported");

    const optionNames = [1, 2, 3].map((n) => cell(first, `Option${n} Name`));
    const images: (ImageDraft & { position: number })[] = [];
    for (const row of group) {
      const src = cell(row, "Image Src");
      if (src !== "" && checkImageUrl(problems, handle, row.row, "Image Src", src) && !images.some((image) => image.src === src)) {
        const alt = checkText(problems, handle, row.row, "Image Alt Text", cell(row, "Image Alt Text"), { max: 300 });
        const positionText = cell(row, "Image Position");
        const position = positionText === "" ? null : parseWholeNumber(positionText, 1000);
        if (positionText !== "" && position === null) {
          problems.error(handle, row.row, "Image Position", "invalid_image_position", "An image's position is a whole number");
        }
        images.push({ row: row.row, column: "Image Src", src, ...(alt ? { alt } : {}), position: position ?? 1000 + images.length });
      }
      const sku = cell(row, "Variant SKU");
      const price = cell(row, "Variant Price");
      // A row with neither a SKU nor a price only adds an image to its product.
      if (sku === "" && price === "") continue;
      if (sku === "") {
        problems.error(handle, row.row, "Variant SKU", "missing_sku", "Quire needs a SKU for every variant: fill in Variant SKU");
        continue;
      }
      checkSku(problems, handle, row.row, "Variant SKU", sku);
      const variant: VariantDraft = { row: row.row, sku, name: "", options: [], prices: {} };
      for (const [index, optionName] of optionNames.entries()) {
        const value = cell(row, `Option${index + 1} Value`);
        if (value === "" || optionName === "" || isDefaultOption(optionName, value)) continue;
        checkText(problems, handle, row.row, `Option${index + 1} Value`, value, { max: 100 });
        checkText(problems, handle, row.row, `Option${index + 1} Name`, optionName, { max: 50 });
        const code = slugOf(optionName) || `option-${index + 1}`;
        variant.options.push({ code, name: optionName, value });
      }
      variant.name = variant.options.map((option) => option.value).join(" / ") || title;
      checkText(problems, handle, row.row, "Option1 Value", variant.name, { max: 200 });
      const amount = price === "" ? undefined : money(problems, handle, row.row, "Variant Price", price);
      if (price === "") problems.error(handle, row.row, "Variant Price", "missing_price", "A variant needs its price");
      const compareAt = cell(row, "Variant Compare At Price");
      const original = compareAt === "" ? undefined : money(problems, handle, row.row, "Variant Compare At Price", compareAt);
      if (amount !== undefined) {
        // Shopify lets a compare-at price be at or below the price, meaning no sale: Quire shows no sale then either.
        variant.prices[options.defaultCurrency] = original !== undefined && original > amount ? { amount, original } : { amount };
      }
      const barcode = cell(row, "Variant Barcode").replace(/-/g, "");
      if (ISBN_PATTERN.test(barcode)) variant.isbn = barcode;
      else if (barcode !== "") warnOnce(row.row, "Variant Barcode", "Only ISBN-13 barcodes are kept (as the variant's ISBN)");
      const quantity = cell(row, "Variant Inventory Qty");
      if (quantity !== "") {
        const stock = parseWholeNumber(quantity, 1_000_000);
        if (stock === null)
          problems.error(handle, row.row, "Variant Inventory Qty", "invalid_stock", "Stock is a whole number from 0 to 1000000");
        else variant.stockQuantity = stock;
      }
      draft.variants.push(variant);
    }
    checkVariantCount(problems, draft, "Variant SKU");
    if (images.length > 0) draft.images = images.sort((a, b) => a.position - b.position).map(({ position: _position, ...image }) => image);
    drafts.push(draft);
  }
  return drafts;
}

/**
 * Reads a catalogue file of the given format. Throws UnreadableCatalogueFile when it is not one at all; otherwise
 * answers every product in it, and every problem, with the products that have errors named in `failed`.
 */
export function readCatalogueFile(
  text: string,
  format: CatalogueFileFormat,
  options: ReadOptions,
): ReadCatalogue & { failed: ReadonlySet<string> } {
  const table = readTable(text);
  const problems = new Problems();
  const drafts = format === "quire" ? readQuire(table, options, problems) : readShopify(table, options, problems);
  return { rows: table.rows.length, drafts, errors: problems.errors, warnings: problems.warnings, failed: problems.failedHandles };
}
