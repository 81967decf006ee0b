import type { ProductDetail, ProductVariant } from "@quire/contracts";
import { toDecimalAmount } from "@quire/money";

/**
 * schema.org JSON-LD for product and listing pages, so search engines show price, stock and the path to a
 * product. Built from what the API answered; nothing here decides a price.
 */

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

const SCHEMA = "https://schema.org/";

/** The schema.org availability of a variant: stock when the store shows it, otherwise whether it can be bought. */
export function offerAvailability(variant: Pick<ProductVariant, "stock" | "isPurchasable">): string {
  const status = variant.stock?.status;
  if (status === "OutOfStock") return `${SCHEMA}${variant.isPurchasable ? "BackOrder" : "OutOfStock"}`;
  if (status === "LowStock") return `${SCHEMA}LimitedAvailability`;
  if (status === "InStock") return `${SCHEMA}InStock`;
  return `${SCHEMA}${variant.isPurchasable ? "InStock" : "OutOfStock"}`;
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/**
 * A Product (and Book, for books, so `author` is a valid property) with one Offer per priced variant.
 * Offers are left out when prices are hidden from the visitor: an offer without a price is not an offer.
 */
export function buildProductJsonLd(input: { product: ProductDetail; url: string; origin: string; showSkus: boolean }) {
  const { product, url, origin, showSkus } = input;
  const isBook = /book/i.test(product.productType.code);
  const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
  const offers = product.pricesHidden
    ? []
    : product.variants.flatMap((variant) =>
        variant.price
          ? [
              {
                "@type": "Offer",
                name: variant.name,
                ...(showSkus ? { sku: variant.sku } : {}),
                url: `${url}?variant=${variant.id}`,
                price: toDecimalAmount(variant.price.amount),
                priceCurrency: variant.price.currencyCode,
                availability: offerAvailability(variant),
                itemCondition: `${SCHEMA}NewCondition`,
              },
            ]
          : [],
      );
  const byline = product.byline.trim();
  return {
    "@context": "https://schema.org",
    "@type": isBook ? ["Product", "Book"] : "Product",
    name: product.name,
    url,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images.length ? { image: product.images.map((image) => absolute(image.url, origin)) } : {}),
    ...(showSkus ? { sku: master.sku } : {}),
    ...(byline ? (isBook ? { author: { "@type": "Person", name: byline } } : { brand: { "@type": "Brand", name: byline } }) : {}),
    ...(offers.length ? { offers } : {}),
  };
}

/** A BreadcrumbList, positions from 1. */
export function buildBreadcrumbJsonLd(crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. "<" is escaped so text such as "</script>" in a
 * product name cannot end the script element; ">", "&" and the two JavaScript line separators likewise.
 */
export function serialiseJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
