import type { NewProduct, NewVariant } from "../modules/catalog/catalog-writes";
import type { BookDraft } from "./demo-books";
import type { CatalogueRefs } from "./seed.repository";
import { DEMO_MANUFACTURER, DEMO_RESPONSIBLE_PERSON, DEMO_SAFETY_WARNINGS } from "./demo-shop";

function required<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`The demo store has no ${what} "${key}"`);
  return value;
}

/** A generated book as the catalogue writer's input, with its references resolved to ids. */
export function toProductInput(book: BookDraft, refs: CatalogueRefs): NewProduct {
  const valueId = (attribute: string, code: string) => required(refs.attributeValueIds, `${attribute}:${code}`, `${attribute} value`);
  return {
    storeId: refs.storeId,
    productTypeId: required(refs.productTypeIds, book.productType, "product type"),
    slug: book.slug,
    name: book.title,
    subtitle: book.subtitle,
    description: book.description,
    popularity: book.popularity,
    createdAt: book.createdAt,
    categoryIds: book.categorySlugs.map((slug) => required(refs.categoryIds, slug, "category")),
    attributeValueIds: [
      ...book.formats.map((format) => valueId("format", format)),
      valueId("author", book.author.code),
      valueId("age-range", book.ageRange),
      ...book.occasions.map((occasion) => valueId("occasion", occasion)),
      ...book.themes.map((theme) => valueId("theme", theme)),
    ],
    safety: {
      manufacturer: DEMO_MANUFACTURER,
      responsiblePerson: DEMO_RESPONSIBLE_PERSON,
      identifiers: "ISBN of each edition, printed on its copyright page and above its barcode",
      warnings: DEMO_SAFETY_WARNINGS[book.ageRange] ?? "",
    },
    addonIds: book.addonCodes.map((code) => required(refs.addonIds, code, "add-on")),
    images: [book.image],
    variants: book.variants.map((variant) => ({
      sku: variant.sku,
      isbn: variant.isbn,
      name: variant.name,
      options: [{ code: "format", name: "Format", value: variant.name }],
      stockQuantity: variant.stockQuantity,
      prices: variant.prices,
      ...(variant.tierPrices ? { tierPrices: variant.tierPrices } : {}),
    })),
  };
}

/**
 * A product at its full prices, and the sales to put its variants on afterwards. The demo books sold at full price
 * from their publication and were reduced when the shop was seeded, so their price history holds what a sale
 * announces beside the struck-through price: the lowest price of the 30 days before the reduction (decision 058).
 */
export function atFullPrice(product: NewProduct): { product: NewProduct; sales: { variantIndex: number; prices: NewVariant["prices"] }[] } {
  const sales: { variantIndex: number; prices: NewVariant["prices"] }[] = [];
  const variants = product.variants.map((variant, variantIndex) => {
    if (!Object.values(variant.prices).some((price) => price.original !== undefined)) return variant;
    sales.push({ variantIndex, prices: variant.prices });
    const full = Object.fromEntries(
      Object.entries(variant.prices).map(([currency, price]) => [currency, { amount: price.original ?? price.amount }]),
    );
    return { ...variant, prices: full };
  });
  return { product: { ...product, variants }, sales };
}
