import { z } from "zod";
import {
  CurrencyCodeSchema,
  dataSchema,
  IdParamSchema,
  IdSchema,
  intParamSchema,
  MoneySchema,
  PageQuerySchema,
  pagedResultSchema,
  PreviewTokenSchema,
  queryArraySchema,
  SlugSchema,
  textSchema,
} from "./common";
import {
  ANALYTICS_CATEGORY_LEVELS,
  MAX_ADDON_PRODUCTS,
  MAX_ANALYTICS_ITEMS,
  MAX_RESULT_WINDOW,
  MAX_SKU_LOOKUP,
  PRODUCT_SORTS,
  SEARCH_TEXT_MAX,
  STOCK_STATUSES,
} from "./constants";
import { ProductSafetySchema } from "./product-safety";

// ---------------------------------------------------------------- paging

/** A page may start at most MAX_RESULT_WINDOW results deep; past that, narrow the selection instead. */
const withinResultWindow = (query: { PageNumber: number; PageSize: number }) =>
  (query.PageNumber - 1) * query.PageSize <= MAX_RESULT_WINDOW;
const resultWindowIssue = {
  message: `Results deeper than ${MAX_RESULT_WINDOW} are not served; narrow the selection instead`,
  path: ["PageNumber"],
};

// ---------------------------------------------------------------- categories

export const CategorySchema = z
  .object({
    id: IdSchema,
    parentId: IdSchema.nullable(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
    depth: z.number().int().min(0),
  })
  .meta({ id: "Category" });
export type Category = z.infer<typeof CategorySchema>;

export type CategoryNode = Category & { nodes: CategoryNode[] };
export const CategoryNodeSchema: z.ZodType<CategoryNode> = CategorySchema.extend({
  get nodes() {
    return z.array(CategoryNodeSchema);
  },
}).meta({ id: "CategoryNode" });

/** GET /categories/tree: answer `data.nodes`. */
export const CategoryTreeResponseSchema = dataSchema(z.object({ nodes: z.array(CategoryNodeSchema) }));

export const CategoryCrumbSchema = z.object({ id: IdSchema, slug: z.string(), name: z.string() });
export type CategoryCrumb = z.infer<typeof CategoryCrumbSchema>;

/** One category with where it sits: ancestors (root first) and direct children. */
export const CategoryDetailSchema = CategorySchema.extend({
  /** The merchant's title for search results and shared links; "" when the page is titled by its name. */
  seoTitle: z.string(),
  /** The merchant's description for search results and shared links; "" when the page uses its description. */
  seoDescription: z.string(),
  breadcrumbs: z.array(CategoryCrumbSchema),
  children: z.array(CategorySchema),
}).meta({ id: "CategoryDetail" });
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
export const CategoryDetailResponseSchema = dataSchema(CategoryDetailSchema);

/** GET /categories: filter by parent (omit for all), paged. */
export const ListCategoriesQuerySchema = PageQuerySchema.extend({
  ParentId: IdParamSchema.optional(),
  /** "root" lists only top-level categories. */
  Level: z.literal("root").optional(),
})
  .strict()
  .refine(withinResultWindow, resultWindowIssue);
export const ListCategoriesResponseSchema = dataSchema(pagedResultSchema(CategorySchema));

/** GET /categories/subcategories?CategoryId= : the direct children of a category. */
export const SubcategoriesQuerySchema = z.object({ CategoryId: IdParamSchema }).strict();
export const SubcategoriesResponseSchema = dataSchema(z.array(CategorySchema));

export const CategoryIdParamsSchema = z.object({ id: IdParamSchema }).strict();
export const CategorySlugParamsSchema = z.object({ slug: SlugSchema }).strict();

// ---------------------------------------------------------------- prices and stock

/**
 * A unit price in the request's currency. `originalPrice` is the pre-sale price when on sale, and `lowestPriorPrice`
 * then the lowest price the variant sold at in the 30 days before the reduction, which a shop announcing a reduction
 * shows beside it (EU price indication rule; decision 058). Absent (null) wherever the store hides prices from
 * anonymous visitors.
 */
export const PriceSchema = z
  .object({
    amount: z.number().int().min(0),
    originalPrice: z.number().int().min(0).nullable(),
    lowestPriorPrice: z.number().int().min(0).nullable(),
    currencyCode: CurrencyCodeSchema,
  })
  .meta({ id: "Price" });
export type Price = z.infer<typeof PriceSchema>;

export const TierPriceSchema = z
  .object({ minQuantity: z.number().int().min(2), amount: z.number().int().min(0), currencyCode: CurrencyCodeSchema })
  .meta({ id: "TierPrice" });
export type TierPrice = z.infer<typeof TierPriceSchema>;

/**
 * Stock as the store's inventoryAvailability mode allows: null under None; status only under InStock
 * (InStock/OutOfStock) and LowStockAlert (adds LowStock); status and quantity under AvailableQuantity.
 */
export const StockSchema = z.object({ status: z.enum(STOCK_STATUSES), quantity: z.number().int().min(0).optional() }).meta({ id: "Stock" });
export type Stock = z.infer<typeof StockSchema>;

// ---------------------------------------------------------------- products

/**
 * A picture of a product. `url` is one the browser can always show; an uploaded image (decision 054) also says
 * its size (so the page keeps its place) and the widths it comes in: `srcset` for that fallback format, and
 * `sources` in smaller modern formats, best first, for a `<picture>`.
 */
export const ImageSchema = z
  .object({
    url: z.string(),
    alt: z.string(),
    width: z.number().int().min(1).optional(),
    height: z.number().int().min(1).optional(),
    srcset: z.string().optional(),
    sources: z.array(z.object({ type: z.enum(["image/avif", "image/webp"]), srcset: z.string() })).optional(),
  })
  .meta({ id: "Image" });
export type Image = z.infer<typeof ImageSchema>;

export const VariantOptionSchema = z.object({ code: z.string(), name: z.string(), value: z.string() });

export const ProductSummarySchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    subtitle: z.string(),
    /** Author or maker, from the product's "author" attribute. */
    byline: z.string(),
    image: ImageSchema.nullable(),
    defaultVariantId: IdSchema,
    variantCount: z.number().int().min(1),
    /** Cheapest variant's price; null when prices are hidden. */
    price: PriceSchema.nullable(),
    /** True when variants differ in price, so the card reads "from". */
    hasPriceRange: z.boolean(),
    /** Best stock across variants; null when the store shows no stock. */
    stock: StockSchema.nullable(),
  })
  .meta({ id: "ProductSummary" });
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductVariantSchema = z
  .object({
    id: IdSchema,
    sku: z.string(),
    /** The edition's ISBN-13 (a book's number, which search finds too); null for what has none. */
    isbn: z.string().nullable(),
    name: z.string(),
    options: z.array(VariantOptionSchema),
    isMaster: z.boolean(),
    price: PriceSchema.nullable(),
    tierPrices: z.array(TierPriceSchema),
    stock: StockSchema.nullable(),
    /** Whether the variant can be added to a cart now (stock, or out-of-stock purchase enabled). */
    isPurchasable: z.boolean(),
  })
  .meta({ id: "ProductVariant" });
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductAttributeSchema = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(z.object({ code: z.string(), label: z.string() })),
});

/** An add-on offered with products (a gift wrap, a message card) and its options. */
export const AddonOptionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Null when prices are hidden from the caller. */
  price: MoneySchema.nullable(),
});
export const AddonSchema = z
  .object({ id: IdSchema, code: z.string(), name: z.string(), description: z.string(), options: z.array(AddonOptionSchema) })
  .meta({ id: "Addon" });
export type Addon = z.infer<typeof AddonSchema>;

export const ProductDetailSchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    subtitle: z.string(),
    byline: z.string(),
    description: z.string(),
    /** The merchant's title for search results and shared links; "" when the page is titled by its name. */
    seoTitle: z.string(),
    /** The merchant's description for search results and shared links; "" when the page uses its description. */
    seoDescription: z.string(),
    productType: z.object({ id: IdSchema, code: z.string(), name: z.string() }),
    images: z.array(ImageSchema),
    attributes: z.array(ProductAttributeSchema),
    categories: z.array(CategoryCrumbSchema),
    /** Path from the root to the product's primary category, for breadcrumbs. */
    breadcrumbs: z.array(CategoryCrumbSchema),
    variants: z.array(ProductVariantSchema).min(1),
    /**
     * What the EU General Product Safety Regulation asks to be shown with the product: its manufacturer, the person
     * responsible for it in the EU, identifiers and warnings (decision 059); null when the merchant gave none.
     */
    safety: ProductSafetySchema.nullable(),
    /** True when the store hides prices from this (anonymous) caller. */
    pricesHidden: z.boolean(),
    hasAddons: z.boolean(),
    /**
     * The add-ons offered with the product (as GET /products/:id/add-ons answers them), so a product page
     * needs one call. Option prices are null where the caller is not shown prices.
     */
    addons: z.array(AddonSchema),
  })
  .meta({ id: "ProductDetail" });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export const ProductDetailResponseSchema = dataSchema(ProductDetailSchema);

export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const FilterCodeSchema = z.string().regex(/^[a-z0-9-]{1,50}$/, "Expected an attribute code such as format");

/** One attribute filter: products having any of `Values` for attribute `Code`. */
export const ProductFilterParamSchema = z
  .object({
    Code: FilterCodeSchema,
    Values: queryArraySchema(textSchema({ min: 1, max: 100 }), { min: 1, max: 50 }),
  })
  .strict();
export type ProductFilterParam = z.infer<typeof ProductFilterParamSchema>;

/**
 * What selects products, shared by GET /products and GET /product-filters. Arrays are indexed query
 * parameters: `Filters[0][Code]=format&Filters[0][Values][0]=hardback`.
 */
export const ProductSelectionSchema = z.object({
  CategoryId: IdParamSchema.optional(),
  CategorySlug: SlugSchema.optional(),
  SearchText: textSchema({ trim: true, min: 1, max: SEARCH_TEXT_MAX }).optional(),
  Filters: queryArraySchema(ProductFilterParamSchema, { max: 20 })
    .optional()
    .describe("Attribute filters, as indexed parameters (deepObject): Filters[0][Code]=format&Filters[0][Values][0]=hardback"),
  /** Inclusive price bounds in minor units of the request's currency. */
  MinPrice: intParamSchema(0, 100_000_000).optional(),
  MaxPrice: intParamSchema(0, 100_000_000).optional(),
  Ids: queryArraySchema(IdParamSchema, { max: 100 }).optional(),
});

export const ListProductsQuerySchema = ProductSelectionSchema.extend(PageQuerySchema.shape)
  .extend({ Sort: ProductSortSchema.optional() })
  .strict()
  .refine(withinResultWindow, resultWindowIssue);
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;
export const ListProductsResponseSchema = dataSchema(
  pagedResultSchema(ProductSummarySchema).extend({
    /**
     * With SearchText: the text with its misspelt words corrected, when any was (the results already include
     * what the corrected words find); null when nothing was corrected. Absent without SearchText.
     */
    didYouMean: z.string().nullable().optional(),
  }),
);

export const ProductIdParamsSchema = z.object({ id: IdParamSchema }).strict();
export const ProductSlugParamsSchema = z.object({ slug: SlugSchema }).strict();
/**
 * POST /products/preview: a product through its preview link (POST /admin/products/:id/preview-link), published or a
 * draft, as a shopper would see its page once it is published. The token comes in the body, out of access logs.
 */
export const ProductPreviewBodySchema = z.object({ token: PreviewTokenSchema }).strict();

// ---------------------------------------------------------------- filters (facets)

export const FacetValueSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** Products in the current selection having this value (counted ignoring this facet's own selection). */
  count: z.number().int().min(0),
  isSelected: z.boolean(),
});
export const FacetSchema = z.object({ code: z.string(), name: z.string(), values: z.array(FacetValueSchema) }).meta({ id: "Facet" });
export type Facet = z.infer<typeof FacetSchema>;

export const ProductFiltersQuerySchema = ProductSelectionSchema.strict();
export type ProductFiltersQuery = z.infer<typeof ProductFiltersQuerySchema>;
export const ProductFiltersResponseSchema = dataSchema(
  z.object({
    facets: z.array(FacetSchema),
    /** Lowest and highest price in the selection, in the request's currency; null when hidden or empty. */
    priceRange: z.object({ min: z.number().int(), max: z.number().int(), currencyCode: CurrencyCodeSchema }).nullable(),
    total: z.number().int().min(0),
  }),
);

export const FilterAttributeSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    values: z.array(z.object({ code: z.string(), label: z.string() })),
  })
  .meta({ id: "FilterAttribute" });
/** GET /product-filters/attributes: every filterable attribute and its values. */
export const FilterAttributesResponseSchema = dataSchema(z.array(FilterAttributeSchema));

/** POST /product-filters/types: which attributes filter each product type. */
export const ProductFilterTypesBodySchema = z.object({ productTypeIds: z.array(IdSchema).min(1).max(100) }).strict();
export const ProductFilterTypesResponseSchema = dataSchema(
  z.array(
    z.object({
      productTypeId: IdSchema,
      attributes: z.array(z.object({ id: IdSchema, code: z.string(), name: z.string() })),
    }),
  ),
);

export const ProductTypeSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    attributes: z.array(z.object({ id: IdSchema, code: z.string(), name: z.string() })),
  })
  .meta({ id: "ProductType" });
export const ProductTypeResponseSchema = dataSchema(ProductTypeSchema);
export const ProductTypeIdParamsSchema = z.object({ id: IdParamSchema }).strict();

// ---------------------------------------------------------------- add-ons

export const AddonsResponseSchema = dataSchema(z.array(AddonSchema));
/** GET /add-ons: every add-on of the store, or those of `ProductId`. */
export const ListAddonsQuerySchema = z.object({ ProductId: IdParamSchema.optional() }).strict();

/** GET /add-ons/by-product?ProductIds=1&ProductIds=2: the add-ons each of several products offers. */
export const AddonsByProductQuerySchema = z
  .object({ ProductIds: queryArraySchema(IdParamSchema, { min: 1, max: MAX_ADDON_PRODUCTS }) })
  .strict();
export type AddonsByProductQuery = z.infer<typeof AddonsByProductQuerySchema>;
export const ProductAddonsSchema = z.object({ productId: IdSchema, addons: z.array(AddonSchema) }).meta({ id: "ProductAddons" });
export type ProductAddons = z.infer<typeof ProductAddonsSchema>;
/**
 * One entry per asked product the store has published, in the order asked (a product asked twice once); an
 * unknown or unpublished product is left out, and a product with no add-ons has an empty list.
 */
export const AddonsByProductResponseSchema = dataSchema(z.array(ProductAddonsSchema));

// ---------------------------------------------------------------- variants by SKU (quick order)

/**
 * GET /products/variants/by-sku?Skus[0]=QB-000001-HB&Skus[1]=... : the variants a quick order names.
 * SKUs are trimmed; a SKU typed in lower case also finds one stored in upper case.
 */
export const VariantsBySkuQuerySchema = z
  .object({ Skus: queryArraySchema(textSchema({ trim: true, min: 1, max: 100 }), { min: 1, max: MAX_SKU_LOOKUP }) })
  .strict();
export type VariantsBySkuQuery = z.infer<typeof VariantsBySkuQuerySchema>;

/** A variant found for a requested SKU; `requestedSku` is the SKU as asked, `sku` as the store has it. */
export const VariantBySkuSchema = z
  .object({
    requestedSku: z.string(),
    sku: z.string(),
    variantId: IdSchema,
    productId: IdSchema,
    productSlug: z.string(),
    productName: z.string(),
    variantName: z.string(),
  })
  .meta({ id: "VariantBySku" });
export type VariantBySku = z.infer<typeof VariantBySkuSchema>;
/** Found variants in request order; a SKU with no visible variant is left out (the caller reports it). */
export const VariantsBySkuResponseSchema = dataSchema(z.array(VariantBySkuSchema));

// ---------------------------------------------------------------- analytics items

/**
 * GET /products/variants/analytics-items?VariantIds[0]=…: what the analytics data layer reports of these
 * variants (sku, name, price, categories...). The storefront asks only for shoppers who consented to analytics.
 */
export const AnalyticsItemsQuerySchema = z
  .object({ VariantIds: queryArraySchema(IdParamSchema, { min: 1, max: MAX_ANALYTICS_ITEMS }) })
  .strict();
export type AnalyticsItemsQuery = z.infer<typeof AnalyticsItemsQuerySchema>;

/** One variant as analytics reports it; `price` under the caller's price policy (null when hidden or unpriced). */
export const AnalyticsItemSchema = z
  .object({
    productVariantId: IdSchema,
    productId: IdSchema,
    sku: z.string(),
    productName: z.string(),
    variantName: z.string(),
    isMaster: z.boolean(),
    price: PriceSchema.nullable(),
    /** The product's first shown category and its ancestors, root first, at most ANALYTICS_CATEGORY_LEVELS. */
    categories: z.array(CategoryCrumbSchema).max(ANALYTICS_CATEGORY_LEVELS),
  })
  .meta({ id: "AnalyticsItem" });
export type AnalyticsItem = z.infer<typeof AnalyticsItemSchema>;
/** Found variants in request order, each once; unknown or hidden ones are left out. */
export const AnalyticsItemsResponseSchema = dataSchema(z.array(AnalyticsItemSchema));

// ---------------------------------------------------------------- a variant by id

/** GET /products/variants/:id */
export const VariantIdParamsSchema = z.object({ id: IdParamSchema }).strict();

/**
 * A variant with the card of its product, for a page that knows only the variant (the page version of
 * the favourites dialog names the book it saves).
 */
export const VariantWithProductSchema = z
  .object({
    product: ProductSummarySchema,
    variant: z.object({ id: IdSchema, sku: z.string(), name: z.string() }),
  })
  .meta({ id: "VariantWithProduct" });
export type VariantWithProduct = z.infer<typeof VariantWithProductSchema>;
export const VariantWithProductResponseSchema = dataSchema(VariantWithProductSchema);
