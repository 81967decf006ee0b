import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { TAX_CLASSES, WITHDRAWAL_EXEMPTIONS } from "@quire/contracts/constants";
import type { ProductSafety } from "@quire/contracts";
import type { StoredPicture } from "../media/pictures";
import { stores } from "../stores/stores.tables";

/**
 * Categories form a tree. `path` is the materialised chain of ancestor ids ("/1/4/9/"), so a subtree is
 * one indexed prefix match and no recursive query is needed on the hot path.
 */
export const categories = pgTable(
  "categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    position: integer().notNull().default(0),
    /** Derived from the parent, with depth: set by catalog-writes.ts. */
    path: text().notNull(),
    depth: integer().notNull().default(0),
    isVisible: boolean().notNull().default(true),
    /** The merchant's title and description for search results and shared links; "" when the page uses its own. */
    seoTitle: text().notNull().default(""),
    seoDescription: text().notNull().default(""),
  },
  (t) => [
    unique("categories_store_slug_unique").on(t.storeId, t.slug),
    index("categories_parent_idx").on(t.parentId, t.position),
    index("categories_path_idx").using("btree", sql`${t.path} text_pattern_ops`),
  ],
);

export const productTypes = pgTable(
  "product_types",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique("product_types_store_code_unique").on(t.storeId, t.code)],
);

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    slug: text().notNull(),
    name: text().notNull(),
    subtitle: text().notNull().default(""),
    description: text().notNull().default(""),
    /** The series the book belongs to, if any ("The Lighthouse Keepers"): shown and searched. */
    series: text().notNull().default(""),
    isPublished: boolean().notNull().default(true),
    /** Sales rank used by the "popular" sort; higher sells more. */
    popularity: integer().notNull().default(0),
    /** How the product is taxed (decision 024): books, or the standard rate. */
    taxClass: text({ enum: TAX_CLASSES }).notNull().default("books"),
    /** The merchant's title and description for search results and shared links; "" when the page uses its own. */
    seoTitle: text().notNull().default(""),
    seoDescription: text().notNull().default(""),
    /**
     * Its product safety information (the EU General Product Safety Regulation; decision 059): manufacturer, the
     * responsible person in the EU, identifiers and warnings, as the contract's ProductSafety; null when not given.
     */
    safety: jsonb().$type<ProductSafety>(),
    /** Why the product cannot be withdrawn from (decision 061): personalised, or sealed goods; null when it can. */
    withdrawalExemption: text({ enum: WITHDRAWAL_EXEMPTIONS }),
    /** Set while the product is archived: out of the shop for good, kept for its orders' lines; never published. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("products_store_slug_unique").on(t.storeId, t.slug),
    check("products_tax_class_check", sql`${t.taxClass} in ('books','standard')`),
    check("products_archived_unpublished_check", sql`${t.archivedAt} is null or not ${t.isPublished}`),
    check(
      "products_withdrawal_exemption_check",
      sql`${t.withdrawalExemption} in (${sql.raw(WITHDRAWAL_EXEMPTIONS.map((code) => `'${code}'`).join(","))})`,
    ),
    // Catalogue reads only ever want published products, so the sort indexes hold only those: a page is a
    // walk of one of them, and a total is an index-only scan of the narrowest.
    index("products_store_created_idx")
      .on(t.storeId, t.createdAt, t.id)
      .where(sql`${t.isPublished}`),
    index("products_store_name_idx")
      .on(t.storeId, t.name, t.id)
      .where(sql`${t.isPublished}`),
    // The back office lists every product, published or not, by name too (GET /admin/products?sort=name).
    index("products_store_any_name_idx").on(t.storeId, t.name, t.id),
    index("products_store_popularity_idx")
      .on(t.storeId, t.popularity, t.id)
      .where(sql`${t.isPublished}`),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_category_idx").on(t.categoryId, t.productId)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text().notNull(),
    alt: text().notNull().default(""),
    position: integer().notNull().default(0),
    // An image uploaded or imported into the shop's image storage (decision 054) has a key and a picture; an image
    // that is only a URL (the demo's generated covers) has neither.
    /** The stored files' common name: the hash of the image's bytes (files `<key>-<width>.<format>`). */
    imageKey: text(),
    /**
     * What the storefront needs beside the URL to show it: its size and the files in each width and format
     * (the contract's Image fields `width`, `height`, `srcset`, `sources`), made when it was stored.
     */
    picture: jsonb().$type<StoredPicture>(),
    /** The address an import fetched it from: the same address is not fetched for the product again. */
    sourceUrl: text(),
  },
  (t) => [
    index("product_images_product_idx").on(t.productId, t.position),
    check("product_images_stored_whole", sql`(${t.imageKey} is null) = (${t.picture} is null)`),
  ],
);

/** A purchasable version of a product (hardback, paperback, gift edition...). Stock is per variant. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    sku: text().notNull(),
    /** The edition's ISBN-13, digits only; a store's ISBNs are unique. */
    isbn: text(),
    name: text().notNull(),
    /** Option values that distinguish this variant, e.g. [{ "code": "format", "name": "Format", "value": "Hardback" }]. */
    options: jsonb().$type<{ code: string; name: string; value: string }[]>().notNull().default([]),
    isMaster: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    stockQuantity: integer().notNull().default(0),
    /** At or below this the variant is low on stock; null: the store's own setting (stores.low_stock_threshold). */
    lowStockThreshold: integer(),
  },
  (t) => [
    unique("product_variants_store_sku_unique").on(t.storeId, t.sku),
    check("product_variants_low_stock_threshold_check", sql`${t.lowStockThreshold} >= 0`),
    // The low-stock list reads a store's variants up to its highest threshold, not the whole catalogue
    // (variant-stock.repository.ts); the second index finds that highest threshold among the variants' own.
    index("product_variants_store_stock_idx").on(t.storeId, t.stockQuantity),
    index("product_variants_own_threshold_idx")
      .on(t.storeId, t.lowStockThreshold)
      .where(sql`${t.lowStockThreshold} is not null`),
    unique("product_variants_store_isbn_unique").on(t.storeId, t.isbn),
    check("product_variants_isbn_check", sql`${t.isbn} ~ '^97[89][0-9]{10}$'`),
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_stock_check", sql`${t.stockQuantity} >= 0`),
  ],
);

/** Price of a variant in one currency, minor units. `originalAmount` is set when the variant is on sale. */
export const variantPrices = pgTable(
  "variant_prices",
  {
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amount: integer().notNull(),
    originalAmount: integer(),
    /**
     * While on sale: the lowest price the variant sold at in the currency in the 30 days before the reduction
     * (decision 058), shown beside the struck-through price. Derived from variant_price_history when the sale
     * price was set (the window lies wholly in the past then, so it never needs recomputing).
     */
    lowestPriorAmount: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.currencyCode] }),
    check("variant_prices_amount_check", sql`${t.amount} >= 0`),
    check("variant_prices_original_check", sql`${t.originalAmount} is null or ${t.originalAmount} > ${t.amount}`),
    check("variant_prices_lowest_prior_check", sql`(${t.originalAmount} is null) = (${t.lowestPriorAmount} is null)`),
  ],
);

/**
 * Every price a variant has sold at, per currency: from `validFrom` on it sold at `amount`, until the next row's
 * `validFrom`. Written by the catalogue's writer with each price change (catalog-writes.repository.ts), read for the
 * lowest price of the 30 days before a reduction.
 */
export const variantPriceHistory = pgTable(
  "variant_price_history",
  {
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.currencyCode, t.validFrom] }),
    check("variant_price_history_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** Quantity breaks: from `minQuantity` units on, each unit costs `amount`. */
export const variantTierPrices = pgTable(
  "variant_tier_prices",
  {
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    minQuantity: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.currencyCode, t.minQuantity] }),
    check("variant_tier_prices_min_quantity_check", sql`${t.minQuantity} >= 2`),
    check("variant_tier_prices_amount_check", sql`${t.amount} >= 0`),
  ],
);

/**
 * Lowest current price of a product per currency: what price sorting and price-band filters read, so
 * they stay one indexed lookup whatever the catalogue size. Derived: rewritten by catalog-writes.ts in the
 * transaction that changes a product's variants or prices.
 */
export const productPriceIndex = pgTable(
  "product_price_index",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    minAmount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.currencyCode] }),
    index("product_price_index_sort_idx").on(t.currencyCode, t.minAmount, t.productId),
  ],
);

/** Filterable product properties: author, format, age range, occasion... */
export const attributes = pgTable(
  "attributes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
    isFilterable: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [unique("attributes_store_code_unique").on(t.storeId, t.code)],
);

export const attributeValues = pgTable(
  "attribute_values",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    code: text().notNull(),
    label: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    unique("attribute_values_attribute_code_unique").on(t.attributeId, t.code),
    // Autocomplete's author suggestions narrow by a word of the name (modules/catalog/search).
    index("attribute_values_label_trgm_idx").using("gin", sql`${t.label} gin_trgm_ops`),
  ],
);

export const productAttributeValues = pgTable(
  "product_attribute_values",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeValueId: integer()
      .notNull()
      .references(() => attributeValues.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeValueId] }),
    index("product_attribute_values_value_idx").on(t.attributeValueId, t.productId),
  ],
);

/**
 * Products a merchant links to a product ("goes well with"), in their order: the "related" recommendations
 * (modules/recommendations), which fill up with similar books when there are fewer links than asked for.
 */
export const productLinks = pgTable(
  "product_links",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    linkedProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.linkedProductId] }),
    index("product_links_linked_idx").on(t.linkedProductId),
    check("product_links_not_itself_check", sql`${t.productId} <> ${t.linkedProductId}`),
  ],
);

/** Which attributes a product type offers as filters (POST /product-filters/types). */
export const productTypeAttributes = pgTable(
  "product_type_attributes",
  {
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id, { onDelete: "cascade" }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productTypeId, t.attributeId] })],
);

/** Extras sold with a product: gift wrap, message card... Each add-on has priced options. */
export const addons = pgTable(
  "addons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    position: integer().notNull().default(0),
    /** Gift wrap and cards are standard-rated goods, whatever the book they come with (decision 024). */
    taxClass: text({ enum: TAX_CLASSES }).notNull().default("standard"),
  },
  (t) => [
    unique("addons_store_code_unique").on(t.storeId, t.code),
    check("addons_tax_class_check", sql`${t.taxClass} in ('books','standard')`),
  ],
);

export const addonOptions = pgTable(
  "addon_options",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    addonId: integer()
      .notNull()
      .references(() => addons.id, { onDelete: "cascade" }),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index("addon_options_addon_idx").on(t.addonId, t.position)],
);

export const addonOptionPrices = pgTable(
  "addon_option_prices",
  {
    addonOptionId: integer()
      .notNull()
      .references(() => addonOptions.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amount: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.addonOptionId, t.currencyCode] }), check("addon_option_prices_amount_check", sql`${t.amount} >= 0`)],
);

export const productAddons = pgTable(
  "product_addons",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addonId: integer()
      .notNull()
      .references(() => addons.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.addonId] }), index("product_addons_addon_idx").on(t.addonId)],
);
