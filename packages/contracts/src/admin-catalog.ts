import { z } from "zod";
import {
  CurrencyCodeSchema,
  dataSchema,
  IdParamSchema,
  IdSchema,
  intParamSchema,
  SlugSchema,
  textPageKeySchema,
  textSchema,
} from "./common";
import { MAX_PRODUCT_ADDONS } from "./admin-addons";
import { ApiErrorSchema } from "./errors";
import { ProductSafetySchema } from "./product-safety";
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STOCK_FILTERS,
  INT32_MAX,
  MAX_PAGE_SIZE,
  MAX_RECOMMENDATIONS,
  TAX_CLASSES,
  WITHDRAWAL_EXEMPTIONS,
} from "./constants";

// Contracts of the merchant's catalogue calls (admin API, permission `catalogue`, decision 047): products with
// their variants and prices, written through the catalogue's one write path so the price index, the search
// index and every process's catalogue index follow.

/** A price in minor units; `original` is the price before a sale, shown struck through, and must be higher. */
export const AdminPriceSchema = z
  .object({
    amount: z.number().int().min(0).max(INT32_MAX),
    original: z.number().int().min(1).max(INT32_MAX).optional(),
  })
  .strict()
  .refine((price) => price.original === undefined || price.original > price.amount, {
    message: "The original price of a sale must be higher than the price",
    path: ["original"],
  });

/** A variant's price in each currency it is sold in (at least one; each one the store sells in). */
export const AdminPriceListSchema = z
  .record(CurrencyCodeSchema, AdminPriceSchema)
  .refine((prices) => Object.keys(prices).length >= 1, "Give a price in at least one currency")
  .refine((prices) => Object.keys(prices).length <= 10, "Give prices in at most 10 currencies");

export const AdminTierPricesSchema = z.record(
  CurrencyCodeSchema,
  z
    .array(z.object({ minQuantity: z.number().int().min(2).max(1_000_000), amount: z.number().int().min(0).max(INT32_MAX) }).strict())
    .max(10)
    .refine((tiers) => new Set(tiers.map((tier) => tier.minQuantity)).size === tiers.length, "Each tier needs its own minimum quantity"),
);

export const SkuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "Use 1 to 64 letters, digits, dots, dashes or underscores");

export const AdminVariantInputSchema = z
  .object({
    sku: SkuSchema,
    isbn: z
      .string()
      .regex(/^97[89][0-9]{10}$/, "An ISBN-13 is 13 digits starting 978 or 979")
      .optional(),
    name: textSchema({ trim: true, min: 1, max: 200 }),
    options: z
      .array(
        z
          .object({
            code: z.string().regex(/^[a-z0-9-]{1,50}$/, "Use lower-case letters, digits and dashes"),
            name: textSchema({ trim: true, min: 1, max: 50 }),
            value: textSchema({ trim: true, min: 1, max: 100 }),
          })
          .strict(),
      )
      .max(5)
      .optional(),
    stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
    prices: AdminPriceListSchema,
    tierPrices: AdminTierPricesSchema.optional(),
  })
  .strict();

const productFields = {
  name: textSchema({ trim: true, min: 1, max: 200 }),
  subtitle: textSchema({ trim: true, max: 300 }),
  description: textSchema({ trim: true, max: 20_000, multiline: true }),
  series: textSchema({ trim: true, max: 200 }),
  isPublished: z.boolean(),
  taxClass: z.enum(TAX_CLASSES),
  /** Replaces the product's categories, in this order; each one the store's. */
  categoryIds: z.array(IdSchema).max(20),
  /** Replaces the product's attribute values (its authors, formats and other facets); each one the store's. */
  attributeValueIds: z.array(IdSchema).max(50),
  /** Replaces the add-ons the product offers (gift wrap, a card...); each one the store's (GET /admin/addons). */
  addonIds: z
    .array(IdSchema)
    .max(MAX_PRODUCT_ADDONS)
    .refine((ids) => new Set(ids).size === ids.length, "Name each add-on once"),
  /** The page's title in search results and shared links, instead of the product's name; "" for none. */
  seoTitle: textSchema({ trim: true, max: 70 }),
  /** The page's description in search results and shared links, instead of its description's start; "" for none. */
  seoDescription: textSchema({ trim: true, max: 320 }),
  /** Its product safety information (decision 059), shown on its page; null removes it. */
  safety: ProductSafetySchema.nullable(),
  /** Why buyers cannot withdraw from it (decision 061): personalised, or sealed goods; null when they can. */
  withdrawalExemption: z.enum(WITHDRAWAL_EXEMPTIONS).nullable(),
};

/**
 * POST /admin/products. 409 `product_slug_taken`, `sku_taken` or `isbn_taken`; 404 `product_type_not_found`,
 * `category_not_found` or `attribute_value_not_found` for an id that is not the store's; 400
 * `currency_not_supported` for a price in a currency the store does not sell in. Unpublished unless said.
 */
export const CreateAdminProductBodySchema = z
  .object({
    slug: SlugSchema,
    productTypeId: IdSchema,
    ...productFields,
    subtitle: productFields.subtitle.optional(),
    description: productFields.description.optional(),
    series: productFields.series.optional(),
    isPublished: productFields.isPublished.optional(),
    taxClass: productFields.taxClass.optional(),
    categoryIds: productFields.categoryIds.optional(),
    attributeValueIds: productFields.attributeValueIds.optional(),
    addonIds: productFields.addonIds.optional(),
    seoTitle: productFields.seoTitle.optional(),
    seoDescription: productFields.seoDescription.optional(),
    safety: productFields.safety.optional(),
    withdrawalExemption: productFields.withdrawalExemption.optional(),
    variants: z.array(AdminVariantInputSchema).min(1).max(50),
  })
  .strict()
  .refine((body) => new Set(body.variants.map((variant) => variant.sku.toLowerCase())).size === body.variants.length, {
    message: "Each variant needs its own SKU",
    path: ["variants"],
  });
export type CreateAdminProductBody = z.infer<typeof CreateAdminProductBodySchema>;

/**
 * PUT /admin/products/:id: the fields sent change, the rest stay. A new slug keeps the old address working: the
 * shop answers it with a 301 to the new one. Unpublishing takes the product out of the shop at once (its page
 * answers 404, lists and search drop it) and keeps its orders' lines. An archived product cannot be published (409
 * `product_archived`): unarchive it first.
 */
export const UpdateAdminProductBodySchema = z
  .object({
    slug: SlugSchema.optional(),
    name: productFields.name.optional(),
    subtitle: productFields.subtitle.optional(),
    description: productFields.description.optional(),
    series: productFields.series.optional(),
    isPublished: productFields.isPublished.optional(),
    taxClass: productFields.taxClass.optional(),
    categoryIds: productFields.categoryIds.optional(),
    attributeValueIds: productFields.attributeValueIds.optional(),
    addonIds: productFields.addonIds.optional(),
    seoTitle: productFields.seoTitle.optional(),
    seoDescription: productFields.seoDescription.optional(),
    safety: productFields.safety.optional(),
    withdrawalExemption: productFields.withdrawalExemption.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminProductBody = z.infer<typeof UpdateAdminProductBodySchema>;

/**
 * POST /admin/products/:id/variants: a variant added after the product's last, with its prices (each a currency the
 * store sells in) and its stock. 409 `sku_taken` or `isbn_taken`.
 */
export const AddAdminVariantBodySchema = AdminVariantInputSchema;

/**
 * PUT /admin/variants/:id: the fields sent change, the rest stay; `options` replaces the variant's, `isbn: null`
 * removes it. A SKU or ISBN another variant of the store has answers 409 `sku_taken` or `isbn_taken`.
 */
export const UpdateAdminVariantBodySchema = z
  .object({
    sku: SkuSchema.optional(),
    isbn: AdminVariantInputSchema.shape.isbn.unwrap().nullable().optional(),
    name: AdminVariantInputSchema.shape.name.optional(),
    options: AdminVariantInputSchema.shape.options,
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminVariantBody = z.infer<typeof UpdateAdminVariantBodySchema>;

/**
 * PUT /admin/variants/:id/tier-prices: the currencies sent get these quantity breaks (an empty list: none), the
 * others keep theirs.
 */
export const SetAdminTierPricesBodySchema = z.object({ tierPrices: AdminTierPricesSchema }).strict();

/** PUT /admin/variants/:id/prices: the currencies sent are set (no `original`: not on sale); the others keep theirs. */
export const SetAdminVariantPricesBodySchema = z.object({ prices: AdminPriceListSchema }).strict();

/** At most this many rows in one PUT /admin/variants/bulk. */
export const MAX_BULK_VARIANT_ROWS = 200;

/**
 * One row of PUT /admin/variants/bulk: a variant and what changes of it, at least one of: its prices, exactly as
 * PUT /admin/variants/:id/prices takes them (per currency `{ amount, original? }`, `original` the price before a
 * sale: sent, the variant is on sale; left out, it is not; currencies not sent keep theirs); its stock count (as PUT
 * /admin/variants/:id/stock, recorded in the stock history with the reason `bulk_edit`); and whether its product is
 * published (the product's, so every variant of it: as PUT /admin/products/:id with `isPublished`).
 */
export const BulkVariantRowSchema = z
  .object({
    variantId: IdSchema,
    prices: AdminPriceListSchema.optional(),
    stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
    published: z.boolean().optional(),
  })
  .strict()
  .refine((row) => row.prices !== undefined || row.stockQuantity !== undefined || row.published !== undefined, {
    message: "Say what changes: prices, stockQuantity or published",
  });
export type BulkVariantRow = z.infer<typeof BulkVariantRowSchema>;

/** PUT /admin/variants/bulk: 1 to 200 rows, each variant once; each row is applied on its own (decision 047's amendment). */
export const BulkEditVariantsBodySchema = z
  .object({
    rows: z
      .array(BulkVariantRowSchema)
      .min(1)
      .max(MAX_BULK_VARIANT_ROWS)
      .refine((rows) => new Set(rows.map((row) => row.variantId)).size === rows.length, "Name each variant in one row only"),
  })
  .strict();

/** What became of each row, in the order sent: done, or refused with the reasons (as an error answer lists them). */
export const BulkVariantResultSchema = z.discriminatedUnion("ok", [
  z.object({ variantId: IdSchema, ok: z.literal(true) }),
  z.object({ variantId: IdSchema, ok: z.literal(false), errors: z.array(ApiErrorSchema).min(1) }),
]);
export type BulkVariantResult = z.infer<typeof BulkVariantResultSchema>;
export const BulkEditVariantsResponseSchema = dataSchema(z.object({ results: z.array(BulkVariantResultSchema) }));

/** What POST /admin/products/bulk does to each product: as PUT /admin/products/:id with `isPublished`, or as its archive and unarchive calls. */
export const ADMIN_PRODUCT_BULK_ACTIONS = ["publish", "unpublish", "archive", "unarchive"] as const;
export type AdminProductBulkAction = (typeof ADMIN_PRODUCT_BULK_ACTIONS)[number];

/** At most this many products in one POST /admin/products/bulk (a page of the back office's list is 50). */
export const MAX_BULK_PRODUCTS = 200;

/** POST /admin/products/bulk: one action for 1 to 200 products, each named once; each product is changed on its own. */
export const BulkAdminProductsBodySchema = z
  .object({
    action: z.enum(ADMIN_PRODUCT_BULK_ACTIONS),
    productIds: z
      .array(IdSchema)
      .min(1, "Choose at least one product")
      .max(MAX_BULK_PRODUCTS)
      .refine((ids) => new Set(ids).size === ids.length, "Name each product once"),
  })
  .strict();
export type BulkAdminProductsBody = z.infer<typeof BulkAdminProductsBodySchema>;

/** What became of each product, in the order sent: done (also when it already was so), or refused with the reasons. */
export const BulkProductResultSchema = z.discriminatedUnion("ok", [
  z.object({ productId: IdSchema, ok: z.literal(true) }),
  z.object({ productId: IdSchema, ok: z.literal(false), errors: z.array(ApiErrorSchema).min(1) }),
]);
export type BulkProductResult = z.infer<typeof BulkProductResultSchema>;
export const BulkAdminProductsResponseSchema = dataSchema(z.object({ results: z.array(BulkProductResultSchema) }));

export const AdminProductParamsSchema = z.object({ id: IdParamSchema }).strict();

/**
 * PUT /admin/products/:id/related: the products the shop recommends with this one ("related"), in this order, before
 * similar books fill the rest; [] for none. Each one the store's (404 `product_not_found`), never the product itself.
 */
export const SetAdminRelatedProductsBodySchema = z
  .object({
    productIds: z
      .array(IdSchema)
      .max(MAX_RECOMMENDATIONS)
      .refine((ids) => new Set(ids).size === ids.length, "Name each product once"),
  })
  .strict();
export const AdminVariantParamsSchema = z.object({ id: IdParamSchema }).strict();
/** GET /admin/stock/skus/:sku: a variant found by its SKU, exactly as written (permission `stock`). */
export const AdminSkuParamsSchema = z.object({ sku: SkuSchema }).strict();

export const AdminVariantSchema = z
  .object({
    id: IdSchema,
    sku: z.string(),
    isbn: z.string().nullable(),
    name: z.string(),
    options: z.array(z.object({ code: z.string(), name: z.string(), value: z.string() })),
    isMaster: z.boolean(),
    stockQuantity: z.number().int(),
    prices: z.record(z.string(), z.object({ amount: z.number().int(), original: z.number().int().nullable() })),
    tierPrices: z.record(z.string(), z.array(z.object({ minQuantity: z.number().int(), amount: z.number().int() }))),
  })
  .meta({ id: "AdminVariant" });

export const AdminProductSchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    series: z.string(),
    isPublished: z.boolean(),
    taxClass: z.enum(TAX_CLASSES),
    productTypeId: IdSchema,
    categoryIds: z.array(IdSchema),
    attributeValueIds: z.array(IdSchema),
    /** The add-ons offered with it, in id order. */
    addonIds: z.array(IdSchema),
    /** The products the shop recommends with it, in the merchant's order (PUT /admin/products/:id/related). */
    relatedProductIds: z.array(IdSchema),
    /** "" when not set: the shop then titles the page with the product's name. */
    seoTitle: z.string(),
    /** "" when not set: the shop then describes the page with the start of its description. */
    seoDescription: z.string(),
    /** Its product safety information; null when not given. */
    safety: ProductSafetySchema.nullable(),
    /** Why buyers cannot withdraw from it; null when they can. */
    withdrawalExemption: z.enum(WITHDRAWAL_EXEMPTIONS).nullable(),
    /** When the product was archived (out of the shop, kept for its orders); null when it is not. */
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    variants: z.array(AdminVariantSchema),
  })
  .meta({ id: "AdminProduct" });
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductResponseSchema = dataSchema(AdminProductSchema);

/** `after` of GET /admin/products: a page key as `writeTextPageKey` writes it (`<id>`, or `<id>:<name>` by name), read back. */
export const AdminProductPageKeySchema = textPageKeySchema(200);

/**
 * GET /admin/products: newest first (or as `sort` says) in keyset pages, published and unpublished alike. Newest first
 * pages with `before` (the answer's `nextBefore`), every other order with `after` (the answer's `nextAfter`); a key
 * of another order is refused (400 `conflicting_parameters`). A product renamed between two pages by name is met
 * where its new name puts it. `search` matches the name, the slug or a variant's SKU (case-insensitive, part of it).
 * Archived products are left out unless `archived` is `true` (only them) or `all`. `categoryId`: products placed
 * in that category itself (not its subcategories). `stock`: `in_stock`, a variant with stock; `low`, a variant at
 * or below its low-stock threshold (GET /admin/stock/low's rule, so sold-out variants count); `out`, no variant
 * with stock. `onSale`: whether a variant has a sale price (a struck-through price) in some currency.
 */
export const AdminListProductsQuerySchema = z
  .object({
    sort: z.enum(ADMIN_PRODUCT_SORTS).default("newest"),
    before: intParamSchema(1, INT32_MAX).optional(),
    after: AdminProductPageKeySchema.optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    published: z.enum(["true", "false"]).optional(),
    archived: z.enum(["false", "true", "all"]).optional(),
    categoryId: intParamSchema(1, INT32_MAX).optional(),
    stock: z.enum(ADMIN_PRODUCT_STOCK_FILTERS).optional(),
    onSale: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type AdminListProductsQuery = z.infer<typeof AdminListProductsQuerySchema>;
export type AdminProductSort = AdminListProductsQuery["sort"];
export const AdminProductListItemSchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    isPublished: z.boolean(),
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
    variantCount: z.number().int(),
    stockQuantity: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "AdminProductListItem" });
export const AdminListProductsResponseSchema = dataSchema(
  z.object({
    products: z.array(AdminProductListItemSchema),
    /** Newest first: the next page's `before`, or null on the last page (and always null in another order). */
    nextBefore: z.number().int().nullable(),
    /** Another order: the next page's `after`, or null on the last page (and always null newest first). */
    nextAfter: z.string().nullable(),
  }),
);

// ---------------------------------------------------------------- stock (permission `stock`)

/**
 * Why stock moved. A merchant gives one of the first six; orders and cancellations record their own, and so does the
 * bulk variant edit (`bulk_edit`, PUT /admin/variants/bulk).
 */
export const STOCK_MOVEMENT_REASONS = [
  "count",
  "received",
  "returned",
  "damaged",
  "lost",
  "correction",
  "order",
  "cancellation",
  "bulk_edit",
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];
export const MerchantStockReasonSchema = z.enum(["count", "received", "returned", "damaged", "lost", "correction"]);

const stockNote = textSchema({ trim: true, max: 300 }).optional();

/**
 * PUT /admin/variants/:id/stock: the count is now `quantity` (a stock-take, a delivery counted in). A restock
 * from none mails the variant's back-in-stock subscribers, as every restock does.
 */
export const SetAdminStockBodySchema = z
  .object({ quantity: z.number().int().min(0).max(1_000_000), reason: MerchantStockReasonSchema, note: stockNote })
  .strict();
/**
 * POST /admin/variants/:id/stock-adjustments: moves the count by `delta` (a delivery of 12, 2 damaged); 409
 * `insufficient_stock` below zero. Send an Idempotency-Key: a retried adjustment is applied once.
 */
export const AdjustAdminStockBodySchema = z
  .object({
    delta: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((delta) => delta !== 0, "A change of stock is not zero"),
    reason: MerchantStockReasonSchema,
    note: stockNote,
  })
  .strict();
/** PUT /admin/variants/:id/low-stock-threshold: its own threshold, or null for the store's low-stock setting. */
export const SetLowStockThresholdBodySchema = z.object({ threshold: z.number().int().min(0).max(1_000_000).nullable() }).strict();

export const AdminVariantStockSchema = z
  .object({
    variantId: IdSchema,
    productId: IdSchema,
    productName: z.string(),
    sku: z.string(),
    variantName: z.string(),
    stockQuantity: z.number().int(),
    /** The variant's own threshold, or null when the store's low-stock setting applies. */
    lowStockThreshold: z.number().int().nullable(),
    /** At or below its threshold (its own, or the store's). */
    low: z.boolean(),
  })
  .meta({ id: "AdminVariantStock" });
export const AdminVariantStockResponseSchema = dataSchema(AdminVariantStockSchema);

export const StockMovementSchema = z
  .object({
    id: IdSchema,
    at: z.iso.datetime({ offset: true }),
    delta: z.number().int(),
    quantityAfter: z.number().int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    note: z.string(),
    /** Who moved it: a member of staff, a token or a key; null for a shopper's order. */
    actor: z.object({ type: z.string(), id: z.number().int(), label: z.string() }).nullable(),
  })
  .meta({ id: "StockMovement" });

const keysetQuery = {
  before: intParamSchema(1, INT32_MAX).optional(),
  limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
};
/** GET /admin/variants/:id/stock-movements: newest first, in keyset pages. */
export const StockMovementsQuerySchema = z.object(keysetQuery).strict();
export const StockMovementsResponseSchema = dataSchema(
  z.object({ movements: z.array(StockMovementSchema), nextBefore: z.number().int().nullable() }),
);
/** GET /admin/stock/low: the variants at or below their threshold, newest variant first, in keyset pages by variant id. */
export const LowStockQuerySchema = z.object(keysetQuery).strict();
export const LowStockResponseSchema = dataSchema(
  z.object({ variants: z.array(AdminVariantStockSchema), nextBefore: z.number().int().nullable() }),
);

// ---------------------------------------------------------------- product types (permission `catalogue`)

/**
 * A product type: what kind of thing a product is (a book, a gift card), which its form and filters follow. Every
 * product has one; a new shop makes its first before its first product. `productCount` counts the products of the type.
 */
export const AdminProductTypeSchema = z
  .object({ id: IdSchema, code: z.string(), name: z.string(), productCount: z.number().int() })
  .meta({ id: "AdminProductType" });
export type AdminProductType = z.infer<typeof AdminProductTypeSchema>;
/** GET /admin/product-types: the store's product types, by name (a shop has a handful). */
export const AdminProductTypeListResponseSchema = dataSchema(z.array(AdminProductTypeSchema));
/** POST /admin/product-types: 409 `product_type_code_taken` when the store has a type with this code. */
export const CreateAdminProductTypeBodySchema = z
  .object({
    code: z.string().regex(/^[a-z0-9-]{1,50}$/, "Use 1 to 50 lower-case letters, digits and dashes"),
    name: textSchema({ trim: true, min: 1, max: 100 }),
  })
  .strict();
export const AdminProductTypeResponseSchema = dataSchema(AdminProductTypeSchema);

// ---------------------------------------------------------------- categories (permission `catalogue`)

export const AdminCategorySchema = z
  .object({
    id: IdSchema,
    /** null for a top-level category. */
    parentId: IdSchema.nullable(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    /** Order among its siblings, lowest first. */
    position: z.number().int(),
    depth: z.number().int(),
    /** A hidden category, and everything under it, is left out of the shop. */
    isVisible: z.boolean(),
    /** "" when not set: the shop then titles the page with the category's name. */
    seoTitle: z.string(),
    /** "" when not set: the shop then describes the page with its description. */
    seoDescription: z.string(),
  })
  .meta({ id: "AdminCategory" });
export const AdminCategoryResponseSchema = dataSchema(AdminCategorySchema);
/** GET /admin/categories: the whole tree, each category after its parent, siblings by position. */
export const AdminCategoryListResponseSchema = dataSchema(z.array(AdminCategorySchema));
export const AdminCategoryParamsSchema = z.object({ id: IdParamSchema }).strict();

const categoryFields = {
  slug: SlugSchema,
  name: textSchema({ trim: true, min: 1, max: 100 }),
  description: textSchema({ trim: true, max: 5000, multiline: true }),
  position: z.number().int().min(0).max(100_000),
  isVisible: z.boolean(),
  /** The new parent, one of the store's categories; null for the top level. */
  parentId: IdSchema.nullable(),
  /** The page's title and description in search results and shared links; "" for none. */
  seoTitle: productFields.seoTitle,
  seoDescription: productFields.seoDescription,
};

/** POST /admin/categories. 409 `category_slug_taken`; 404 `category_not_found` for a parent that is not the store's. */
export const CreateAdminCategoryBodySchema = z
  .object({
    slug: categoryFields.slug,
    name: categoryFields.name,
    description: categoryFields.description.optional(),
    position: categoryFields.position.optional(),
    isVisible: categoryFields.isVisible.optional(),
    parentId: categoryFields.parentId.optional(),
    seoTitle: categoryFields.seoTitle.optional(),
    seoDescription: categoryFields.seoDescription.optional(),
  })
  .strict();

/**
 * PUT /admin/categories/:id: rename, move (a new `parentId`, with everything under it), reorder (`position`),
 * hide or show. A new slug keeps the old address as a 301. 409 `category_cycle` for a move under itself.
 */
export const UpdateAdminCategoryBodySchema = z
  .object({
    slug: categoryFields.slug.optional(),
    name: categoryFields.name.optional(),
    description: categoryFields.description.optional(),
    position: categoryFields.position.optional(),
    isVisible: categoryFields.isVisible.optional(),
    parentId: categoryFields.parentId.optional(),
    seoTitle: categoryFields.seoTitle.optional(),
    seoDescription: categoryFields.seoDescription.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

// ---------------------------------------------------------------- attributes and their values (the facets)

const AttributeCodeSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single dashes")
  .max(50);
const attributePosition = z.number().int().min(0).max(100_000);

/** An attribute (author, format, theme...): a filter of the shop when `isFilterable`, in `position` order. */
export const AdminAttributeSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    isFilterable: z.boolean(),
    position: z.number().int(),
    valueCount: z.number().int(),
  })
  .meta({ id: "AdminAttribute" });
export const AdminAttributeResponseSchema = dataSchema(AdminAttributeSchema);
export const AdminAttributeListResponseSchema = dataSchema(z.object({ attributes: z.array(AdminAttributeSchema) }));
export const AdminAttributeParamsSchema = z.object({ id: IdParamSchema }).strict();

/** POST /admin/attributes. 409 `attribute_code_taken`; the code never changes (filters in shoppers' URLs use it). */
export const CreateAdminAttributeBodySchema = z
  .object({
    code: AttributeCodeSchema,
    name: textSchema({ trim: true, min: 1, max: 100 }),
    isFilterable: z.boolean().optional(),
    position: attributePosition.optional(),
  })
  .strict();
/** PUT /admin/attributes/:id: a new name or order shows in the shop's filters within seconds. */
export const UpdateAdminAttributeBodySchema = z
  .object({
    name: textSchema({ trim: true, min: 1, max: 100 }).optional(),
    isFilterable: z.boolean().optional(),
    position: attributePosition.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

/** A value of an attribute, with how many of the store's products have it. */
export const AdminAttributeValueSchema = z
  .object({
    id: IdSchema,
    attributeId: IdSchema,
    code: z.string(),
    label: z.string(),
    position: z.number().int(),
    productCount: z.number().int(),
  })
  .meta({ id: "AdminAttributeValue" });
export const AdminAttributeValueResponseSchema = dataSchema(AdminAttributeValueSchema);
export const AdminAttributeValueParamsSchema = z.object({ id: IdParamSchema }).strict();

/** GET /admin/attributes/:id/values: in id order, in keyset pages (`after` = the answer's `nextAfter`); `search` matches a label. */
export const AdminAttributeValuesQuerySchema = z
  .object({
    after: intParamSchema(0, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
  })
  .strict();
export const AdminAttributeValueListResponseSchema = dataSchema(
  z.object({ values: z.array(AdminAttributeValueSchema), nextAfter: z.number().int().nullable() }),
);

/** POST /admin/attributes/:id/values. 409 `attribute_value_code_taken`. */
export const CreateAdminAttributeValueBodySchema = z
  .object({ code: AttributeCodeSchema, label: textSchema({ trim: true, min: 1, max: 200 }), position: attributePosition.optional() })
  .strict();
/**
 * PUT /admin/attribute-values/:id: a new label is what every product with the value shows (its byline, for an author)
 * and is searched by, within seconds: those products are written to the search index and the catalogue index again.
 */
export const UpdateAdminAttributeValueBodySchema = z
  .object({ label: textSchema({ trim: true, min: 1, max: 200 }).optional(), position: attributePosition.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
