import type { ProductDetail, ProductVariant } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { buildBreadcrumbJsonLd, buildProductJsonLd, offerAvailability, serialiseJsonLd } from "./structured-data";

function variant(overrides: Partial<ProductVariant>): ProductVariant {
  return {
    id: 11,
    sku: "QB-0001-HB",
    isbn: null,
    name: "Hardback",
    options: [{ code: "format", name: "Format", value: "Hardback" }],
    isMaster: true,
    price: { amount: 1699, originalPrice: null, lowestPriorPrice: null, currencyCode: "GBP" },
    tierPrices: [],
    stock: { status: "InStock", quantity: 12 },
    isPurchasable: true,
    ...overrides,
  };
}

function product(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 1,
    slug: "the-secret-garden",
    name: "The Secret Garden",
    subtitle: "",
    byline: "Frances Hodgson Burnett",
    description: "A walled garden.",
    seoTitle: "",
    seoDescription: "",
    safety: null,
    productType: { id: 1, code: "book", name: "Book" },
    images: [{ url: "/media/covers/the-secret-garden.svg?t=The%20Secret%20Garden&p=2", alt: "Cover of The Secret Garden" }],
    attributes: [],
    categories: [],
    breadcrumbs: [],
    variants: [
      variant({}),
      variant({
        id: 12,
        sku: "QB-0001-PB",
        name: "Paperback",
        isMaster: false,
        price: { amount: 899, originalPrice: 1099, lowestPriorPrice: 1099, currencyCode: "GBP" },
        stock: { status: "OutOfStock", quantity: 0 },
        isPurchasable: false,
      }),
    ],
    pricesHidden: false,
    hasAddons: false,
    addons: [],
    ...overrides,
  };
}

const url = "https://shop.example/store/product/the-secret-garden";
const origin = "https://shop.example";

describe("buildProductJsonLd", () => {
  it("describes a book with an offer per variant", () => {
    expect(buildProductJsonLd({ product: product(), url, origin, showSkus: true })).toEqual({
      "@context": "https://schema.org",
      "@type": ["Product", "Book"],
      name: "The Secret Garden",
      url,
      description: "A walled garden.",
      image: ["https://shop.example/media/covers/the-secret-garden.svg?t=The%20Secret%20Garden&p=2"],
      sku: "QB-0001-HB",
      author: { "@type": "Person", name: "Frances Hodgson Burnett" },
      offers: [
        {
          "@type": "Offer",
          name: "Hardback",
          sku: "QB-0001-HB",
          url: `${url}?variant=11`,
          price: "16.99",
          priceCurrency: "GBP",
          availability: "https://schema.org/InStock",
          itemCondition: "https://schema.org/NewCondition",
        },
        {
          "@type": "Offer",
          name: "Paperback",
          sku: "QB-0001-PB",
          url: `${url}?variant=12`,
          price: "8.99",
          priceCurrency: "GBP",
          availability: "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      ],
    });
  });

  it("names the maker as brand for things that are not books", () => {
    const json = buildProductJsonLd({
      product: product({ productType: { id: 2, code: "gift-set", name: "Gift set" }, byline: "Quire Press" }),
      url,
      origin,
      showSkus: true,
    });
    expect(json["@type"]).toBe("Product");
    expect(json).toMatchObject({ brand: { "@type": "Brand", name: "Quire Press" } });
    expect(json).not.toHaveProperty("author");
  });

  it("leaves SKUs out when the store does not show them", () => {
    const json = buildProductJsonLd({ product: product(), url, origin, showSkus: false });
    expect(json).not.toHaveProperty("sku");
    expect(JSON.stringify(json)).not.toContain("QB-0001");
  });

  it("has no offers when prices are hidden", () => {
    const hidden = product({ pricesHidden: true, variants: [variant({ price: null })] });
    expect(buildProductJsonLd({ product: hidden, url, origin, showSkus: true })).not.toHaveProperty("offers");
  });

  it("keeps absolute image URLs as they are", () => {
    const json = buildProductJsonLd({
      product: product({ images: [{ url: "https://cdn.example/a.jpg", alt: "" }] }),
      url,
      origin,
      showSkus: true,
    });
    expect(json.image).toEqual(["https://cdn.example/a.jpg"]);
  });
});

describe("offerAvailability", () => {
  it("maps stock to schema.org availability", () => {
    expect(offerAvailability({ stock: { status: "InStock" }, isPurchasable: true })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ stock: { status: "LowStock" }, isPurchasable: true })).toBe("https://schema.org/LimitedAvailability");
    expect(offerAvailability({ stock: { status: "OutOfStock" }, isPurchasable: false })).toBe("https://schema.org/OutOfStock");
    expect(offerAvailability({ stock: { status: "OutOfStock" }, isPurchasable: true })).toBe("https://schema.org/BackOrder");
  });

  it("falls back to whether it can be bought when the store shows no stock", () => {
    expect(offerAvailability({ stock: null, isPurchasable: true })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ stock: null, isPurchasable: false })).toBe("https://schema.org/OutOfStock");
  });
});

describe("buildBreadcrumbJsonLd", () => {
  it("numbers the crumbs from 1", () => {
    expect(
      buildBreadcrumbJsonLd([
        { name: "Store", url: "https://shop.example/store" },
        { name: "Gifts", url: "https://shop.example/store/gifts" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Store", item: "https://shop.example/store" },
        { "@type": "ListItem", position: 2, name: "Gifts", item: "https://shop.example/store/gifts" },
      ],
    });
  });
});

describe("serialiseJsonLd", () => {
  it("cannot be closed early by text in the data", () => {
    const json = serialiseJsonLd({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(json).not.toContain("&");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });
});
