import type { NewProduct } from "../modules/catalog/catalog-writes";
import type { BookDraft } from "./demo-books";
import type { CatalogueRefs } from "./seed.repository";

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
