import type { AdminProduct, CatalogueFileFormat } from "@quire/contracts";
import { toDecimalAmount } from "@quire/money";
import { csvLine } from "../../http/csv";
import { QUIRE_COLUMNS, SHOPIFY_COLUMNS } from "./catalogue-csv";
import { safetyCells } from "./catalogue-safety-columns";

/*
 * Writing a catalogue file (decision 053): a header, then a row per variant, product after product. Quire's format
 * carries every field a product has (an import of it changes nothing); Shopify's carries what Shopify's product CSV
 * has room for, its one price column in the store's default currency. Cells a spreadsheet would run as a formula
 * are neutralised (csvLine), and the import takes the neutralising apostrophe off again.
 */

/** The store's names for the ids a product holds, and what it sells in. */
export interface ExportNames {
  currencies: readonly string[];
  defaultCurrency: string;
  productTypes: { id: number; code: string; name: string }[];
  categories: { id: number; slug: string }[];
  attributes: { id: number; code: string; values: { id: number; code: string; label: string }[] }[];
  /** The most options a variant of the store has (Quire's format writes that many option columns). */
  maxOptions: number;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A plain-text description as the HTML Shopify's Body column holds: a paragraph per blank-line block, <br> inside. */
export function descriptionToHtml(description: string): string {
  if (description.trim() === "") return "";
  return description
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

export function catalogueHeader(format: CatalogueFileFormat, names: ExportNames): string {
  if (format === "shopify") return csvLine([...SHOPIFY_COLUMNS]);
  return csvLine([
    ...QUIRE_COLUMNS,
    ...Array.from({ length: names.maxOptions }, (_, index) => [
      `option${index + 1}_code`,
      `option${index + 1}_name`,
      `option${index + 1}_value`,
    ]).flat(),
    ...names.attributes.map((attribute) => `attribute_${attribute.code}`),
    ...names.currencies.flatMap((currency) => [`price_${currency}`, `original_price_${currency}`, `tier_prices_${currency}`]),
  ]);
}

/** A product's picture as a file gives it: where to fetch it, and its words. */
export interface ExportImage {
  src: string;
  alt: string;
}

/** Lookup tables from ids to names, made once per export. */
export function exportLookups(names: ExportNames) {
  return {
    typeOf: new Map(names.productTypes.map((type) => [type.id, type])),
    slugOf: new Map(names.categories.map((category) => [category.id, category.slug])),
    valueOf: new Map(
      names.attributes.flatMap((attribute) =>
        attribute.values.map((value) => [value.id, { attribute: attribute.code, label: value.label }] as const),
      ),
    ),
  };
}

/** A product's rows (one per variant), each a CSV line. */
export function catalogueRows(
  format: CatalogueFileFormat,
  product: AdminProduct,
  names: ExportNames,
  lookups: ReturnType<typeof exportLookups>,
  images: readonly ExportImage[] = [],
): string[] {
  return format === "shopify" ? shopifyRows(product, names, lookups, images) : quireRows(product, names, lookups, images);
}

function quireRows(
  product: AdminProduct,
  names: ExportNames,
  lookups: ReturnType<typeof exportLookups>,
  images: readonly ExportImage[],
): string[] {
  const labelsOf = (code: string) =>
    product.attributeValueIds.flatMap((id) => {
      const value = lookups.valueOf.get(id);
      return value?.attribute === code ? [value.label] : [];
    });
  return product.variants.map((variant, index) => {
    const first = index === 0;
    const own = (value: string) => (first ? value : "");
    return csvLine([
      product.slug,
      own(product.name),
      own(product.subtitle),
      own(product.description),
      own(product.series),
      own(product.seoTitle),
      own(product.seoDescription),
      own(String(product.isPublished)),
      own(product.taxClass),
      own(lookups.typeOf.get(product.productTypeId)?.code ?? ""),
      own(product.categoryIds.flatMap((id) => lookups.slugOf.get(id) ?? []).join("|")),
      variant.sku,
      variant.isbn ?? "",
      variant.name,
      String(variant.stockQuantity),
      own(images.map((image) => image.src).join("|")),
      own(images.map((image) => image.alt.replaceAll("|", "/")).join("|")),
      ...safetyCells(product.safety).map(own),
      ...Array.from({ length: names.maxOptions }, (_, n) => {
        const option = variant.options[n];
        return option ? [option.code, option.name, option.value] : ["", "", ""];
      }).flat(),
      ...names.attributes.map((attribute) => own(labelsOf(attribute.code).join("|"))),
      ...names.currencies.flatMap((currency) => {
        const price = variant.prices[currency];
        const tiers = variant.tierPrices[currency] ?? [];
        return [
          price ? toDecimalAmount(price.amount) : "",
          price?.original != null ? toDecimalAmount(price.original) : "",
          tiers.map((tier) => `${tier.minQuantity}:${toDecimalAmount(tier.amount)}`).join("|"),
        ];
      }),
    ]);
  });
}

function shopifyRows(
  product: AdminProduct,
  names: ExportNames,
  lookups: ReturnType<typeof exportLookups>,
  images: readonly ExportImage[],
): string[] {
  // Shopify's file names at most three options; a variant with none is Shopify's "Default Title".
  const optionNames = product.variants[0]?.options.slice(0, 3).map((option) => option.name) ?? [];
  const variantRows = product.variants.map((variant, index) => {
    const first = index === 0;
    const own = (value: string) => (first ? value : "");
    const price = variant.prices[names.defaultCurrency];
    const options =
      optionNames.length === 0 ? [["Title", "Default Title"]] : optionNames.map((name, n) => [name, variant.options[n]?.value ?? ""]);
    const optionCells = [0, 1, 2].flatMap((n) => {
      const option = options[n];
      return option ? [own(option[0]!), option[1]!] : ["", ""];
    });
    return csvLine([
      product.slug,
      own(product.name),
      own(descriptionToHtml(product.description)),
      "",
      own(lookups.typeOf.get(product.productTypeId)?.name ?? ""),
      "",
      own(product.isPublished ? "TRUE" : "FALSE"),
      ...optionCells,
      variant.sku,
      String(variant.stockQuantity),
      price ? toDecimalAmount(price.amount) : "",
      price?.original != null ? toDecimalAmount(price.original) : "",
      variant.isbn ?? "",
      // As Shopify writes them: the first images beside the variants, one to a row, the rest on rows of their own.
      images[index]?.src ?? "",
      images[index] ? String(index + 1) : "",
      images[index]?.alt ?? "",
      own(product.isPublished ? "active" : "draft"),
    ]);
  });
  const imageOnly = images.slice(product.variants.length).map((image, n) => {
    const cells = SHOPIFY_COLUMNS.map(() => "");
    cells[SHOPIFY_COLUMNS.indexOf("Handle")] = product.slug;
    cells[SHOPIFY_COLUMNS.indexOf("Image Src")] = image.src;
    cells[SHOPIFY_COLUMNS.indexOf("Image Position")] = String(product.variants.length + n + 1);
    cells[SHOPIFY_COLUMNS.indexOf("Image Alt Text")] = image.alt;
    return csvLine(cells);
  });
  return [...variantRows, ...imageOnly];
}
