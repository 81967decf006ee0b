import type {
  Addon,
  AnalyticsItem,
  ProductAddons,
  CategoryDetail,
  CategoryNode,
  Facet,
  ListProductsQuery,
  ProductDetail,
  ProductFiltersQuery,
  ProductSort,
  ProductSummary,
  VariantBySku,
  VariantWithProduct,
} from "@quire/contracts";
import { ANALYTICS_CATEGORY_LEVELS } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { checkPreviewToken } from "../../security/preview-links";
import type { RequestContext } from "../../http/request-context";
import {
  exposePrice,
  exposeStock,
  getCatalogVisibility,
  isPurchasable,
  summariseVariants,
  type CatalogViewer,
  type CatalogVisibility,
} from "./catalog-policy";
import type { CountsCache } from "./catalog-counts-cache";
import { noCountsCache } from "./catalog-counts-cache";
import { StoreCatalogueIndex } from "./catalog-index";
import type { CatalogIndex } from "./catalog-index-keeper";
import * as repository from "./catalog.repository";
import type { ProductSearch } from "./product-search";
import { postgresProductSearch } from "./search/search.service";

/** What every catalogue use case needs to know about the request. */
export type CatalogContext = Pick<RequestContext, "store" | "currencyCode" | "customerId">;

const viewerOf = (ctx: CatalogContext): CatalogViewer => ({ store: ctx.store, customerId: ctx.customerId });

/**
 * How product lists and filters are read: counts kept for a while (catalog-counts-cache.ts), what search text
 * matches, and the in-memory catalogue index (decision 028), which answers a selection without search text
 * once its store's index is ready. Without them, every read is SQL and sees the latest write.
 */
export interface CatalogReads {
  counts?: CountsCache;
  search?: ProductSearch;
  index?: CatalogIndex | null;
}

/** The store's catalogue index when it is ready and answers this selection. */
function indexFor(reads: CatalogReads, ctx: CatalogContext, selection: repository.ProductSelection) {
  if (!reads.index || !StoreCatalogueIndex.answers(selection)) return null;
  return reads.index.forStore(ctx.store.id);
}

/**
 * A search as the catalogue index answers it: the search's whole ranking once (ids, best first), and the
 * selection with those ids in place of the text, so the index counts, filters and pages it like any other.
 * Null when the index cannot (not ready, no ranking from this search, too many filters): SQL answers then.
 */
async function searchInIndex(reads: CatalogReads, ctx: CatalogContext, selection: repository.ProductSelection) {
  const search = selection.search;
  if (!search || !reads.index) return null;
  const withoutText = { ...selection, search: undefined };
  if (!StoreCatalogueIndex.answers(withoutText)) return null;
  const index = reads.index.forStore(ctx.store.id);
  if (!index) return null;
  const all = await search.rankedIds(index.search);
  const asked = selection.ids ? new Set(selection.ids) : null;
  const ranked = asked === null ? all : all.filter((id) => asked.has(id));
  // Named by the text, not by its thousands of ids, in the index's cache of selections.
  const key = JSON.stringify({ ...selection, search: search.text });
  return { index, selection: { ...withoutText, ids: ranked }, ranked, key };
}

/**
 * A selection as SQL reads it: a search's products in place of its text (the ids the shopper asked for, if any,
 * kept among them), and their ranking for the relevance sort. What SQL counts, filters and pages is then the
 * search engine's answer, whichever engine gave it.
 */
async function withSearchAsIds(
  selection: repository.ProductSelection,
): Promise<{ selection: repository.ProductSelection; ranked: number[] | null }> {
  const { search, ...rest } = selection;
  if (!search) return { selection: rest, ranked: null };
  const all = await search.rankedIds(null);
  const asked = rest.ids ? new Set(rest.ids) : null;
  const ranked = asked === null ? all : all.filter((id) => asked.has(id));
  return { selection: { ...rest, ids: ranked }, ranked };
}

function paged<T>(results: T[], total: number, pageNumber: number, pageSize: number) {
  return { results, total, pageNumber, pageSize, totalPages: Math.ceil(total / pageSize) };
}

// ---------------------------------------------------------------- categories

/** The visible category tree; a hidden category hides its whole subtree. */
export async function getCategoryTree(db: Db, ctx: CatalogContext): Promise<CategoryNode[]> {
  const rows = await repository.listVisibleCategories(db, ctx.store.id);
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  // Rows come parents first, so a node whose parent is missing sits under a hidden category.
  for (const row of rows) {
    const node: CategoryNode = { ...row, nodes: [] };
    if (row.parentId === null) roots.push(node);
    else {
      const parent = nodes.get(row.parentId);
      if (!parent) continue;
      parent.nodes.push(node);
    }
    nodes.set(row.id, node);
  }
  return roots;
}

/** A page of categories: all of them, the roots, or the children of one parent. */
export async function listCategories(
  db: Db,
  ctx: CatalogContext,
  query: { ParentId?: number; Level?: "root"; PageNumber: number; PageSize: number },
) {
  if (query.ParentId !== undefined && query.Level !== undefined) {
    throw new AppError("conflicting_parameters", "Give ParentId or Level, not both", { field: "querystring.Level" });
  }
  const parent = query.ParentId !== undefined ? { id: query.ParentId } : query.Level === "root" ? ("root" as const) : null;
  const { rows, total } = await repository.listCategoriesPage(db, {
    storeId: ctx.store.id,
    parent,
    limit: query.PageSize,
    offset: (query.PageNumber - 1) * query.PageSize,
  });
  return paged(rows, total, query.PageNumber, query.PageSize);
}

/** One visible category with breadcrumbs and children; 404 when unknown or hidden. */
export async function requireCategory(db: Db, ctx: CatalogContext, key: repository.CategoryKey): Promise<CategoryDetail> {
  const category = await repository.findCategoryDetail(db, ctx.store.id, key);
  if (!category) throw new AppError("category_not_found", "Category was not found");
  return category;
}

// ---------------------------------------------------------------- products

/**
 * Turns a validated selection into what the repository runs: the category resolved to its subtree,
 * filters merged per attribute, and price bounds dropped when the caller may not see prices (so the
 * results cannot reveal them). With it, the id of the category asked for (null when none was).
 */
async function resolveSelection(
  db: Db,
  ctx: CatalogContext,
  visibility: CatalogVisibility,
  query: ProductFiltersQuery,
  search: ProductSearch,
): Promise<{ selection: repository.ProductSelection; categoryId: number | null }> {
  if (query.CategoryId !== undefined && query.CategorySlug !== undefined) {
    throw new AppError("conflicting_parameters", "Give CategoryId or CategorySlug, not both", { field: "querystring.CategorySlug" });
  }
  const pricesApply = visibility.pricesVisible && (query.MinPrice !== undefined || query.MaxPrice !== undefined);
  if (pricesApply && query.MinPrice !== undefined && query.MaxPrice !== undefined && query.MinPrice > query.MaxPrice) {
    throw new AppError("invalid_price_range", { field: "querystring.MinPrice" });
  }

  const categoryKey =
    query.CategoryId !== undefined ? { id: query.CategoryId } : query.CategorySlug !== undefined ? { slug: query.CategorySlug } : null;
  const filters = mergeFilters(query.Filters ?? []);
  const selection: repository.ProductSelection = { storeId: ctx.store.id, currencyCode: ctx.currencyCode, attributeFilters: [] };
  let categoryId: number | null = null;
  if (categoryKey || filters.length > 0) {
    const resolved = await repository.resolveSelectionKeys(db, { storeId: ctx.store.id, category: categoryKey, filters });
    if (categoryKey) {
      if (!resolved.categoryIds) throw new AppError("category_not_found", "Category was not found");
      selection.categoryIds = resolved.categoryIds;
      categoryId = resolved.categoryId;
    }
    // An unknown attribute or value keeps its filter with no ids: it matches nothing, as it should.
    selection.attributeFilters = filters.map((filter, index) => ({ code: filter.code, valueIds: resolved.filterValueIds[index] ?? [] }));
  }
  if (query.SearchText) selection.search = await search.match({ storeId: ctx.store.id, text: query.SearchText });
  if (pricesApply) selection.price = { min: query.MinPrice, max: query.MaxPrice };
  if (query.Ids) selection.ids = [...new Set(query.Ids)];
  return { selection, categoryId };
}

/** The same attribute named twice means either of its values (OR within an attribute). */
function mergeFilters(filters: NonNullable<ProductFiltersQuery["Filters"]>) {
  const byCode = new Map<string, Set<string>>();
  for (const filter of filters) {
    const values = byCode.get(filter.Code) ?? new Set<string>();
    for (const value of filter.Values) values.add(value);
    byCode.set(filter.Code, values);
  }
  return [...byCode].map(([code, values]) => ({ code, values: [...values] }));
}

/** Relevance when searching, else popular; price sorts fall back to that when prices are hidden. */
function effectiveSort(requested: ProductSort | undefined, searching: boolean, visibility: CatalogVisibility): ProductSort {
  const fallback: ProductSort = searching ? "relevance" : "popular";
  if (requested === undefined) return fallback;
  if (requested === "relevance" && !searching) return "popular";
  if ((requested === "price-asc" || requested === "price-desc") && !visibility.pricesVisible) return fallback;
  return requested;
}

/**
 * A page of product cards for a selection, sorted; empty for callers the store hides products from. With it, the id of
 * the category it lists (null when it lists none): a product newly in the category changes the page (decision 064).
 */
export async function listProducts(db: Db, ctx: CatalogContext, query: ListProductsQuery, reads: CatalogReads = {}) {
  const visibility = getCatalogVisibility(viewerOf(ctx));
  if (!visibility.productsVisible) return { page: paged<ProductSummary>([], 0, query.PageNumber, query.PageSize), categoryId: null };
  const { selection, categoryId } = await resolveSelection(db, ctx, visibility, query, reads.search ?? postgresProductSearch(db));
  return { page: await pageOfCards(db, ctx, query, reads, visibility, selection), categoryId };
}

/** The page of cards `query` asks for of a resolved selection, with the corrected search text when it searched. */
async function pageOfCards(
  db: Db,
  ctx: CatalogContext,
  query: ListProductsQuery,
  reads: CatalogReads,
  visibility: CatalogVisibility,
  selection: repository.ProductSelection,
) {
  const { counts = noCountsCache } = reads;
  const sort = effectiveSort(query.Sort, selection.search !== undefined, visibility);
  const corrected = selection.search ? { didYouMean: selection.search.didYouMean ?? null } : {};
  const page = { limit: query.PageSize, offset: (query.PageNumber - 1) * query.PageSize };
  const searched = await searchInIndex(reads, ctx, selection);
  if (searched) {
    const { index, key } = searched;
    const { total, ids } =
      sort === "relevance"
        ? index.pageInOrder(searched.selection, searched.ranked, page, key)
        : index.page(searched.selection, sort, page, key);
    return { ...paged(await getSummaries(db, ctx, ids), total, query.PageNumber, query.PageSize), ...corrected };
  }
  const index = sort === "relevance" ? null : indexFor(reads, ctx, selection);
  if (index && sort !== "relevance") {
    // Any page of any sort is a walk of the index; only the page's cards come from the database.
    const { total, ids } = index.page(selection, sort, page);
    return { ...paged(await getSummaries(db, ctx, ids), total, query.PageNumber, query.PageSize), ...corrected };
  }
  // Counts are cached under the selection as asked (a search by its text), and read over what SQL selects.
  const inSql = await withSearchAsIds(selection);
  const [total, ids] =
    sort === "price-asc" || sort === "price-desc"
      ? await pageByPrice(db, inSql.selection, sort === "price-desc", page, counts, selection)
      : await Promise.all([
          counts.remember("total", selection, () => repository.countProducts(db, inSql.selection)),
          repository.listProductIds(db, { selection: inSql.selection, sort, ranked: inSql.ranked, ...page }),
        ]);
  return { ...paged(await getSummaries(db, ctx, ids), total, query.PageNumber, query.PageSize), ...corrected };
}

/**
 * A page in price order: the priced products by price, then the unpriced ones by id. The priced page and
 * the total run together; the rest is needed only on pages that reach past the last priced product while
 * unpriced products remain, so a catalogue priced in every currency never pays for it.
 */
async function pageByPrice(
  db: Db,
  selection: repository.ProductSelection,
  descending: boolean,
  page: { limit: number; offset: number },
  counts: CountsCache,
  countKey: repository.ProductSelection,
): Promise<[number, number[]]> {
  const [total, priced] = await Promise.all([
    counts.remember("total", countKey, () => repository.countProducts(db, selection)),
    repository.listPricedProductIds(db, { selection, descending, ...page }),
  ]);
  if (priced.length === page.limit || page.offset + priced.length >= total) return [total, priced];
  // A short (or empty) priced page means the priced products end before this page does.
  const pricedTotal = priced.length > 0 ? page.offset + priced.length : await repository.countPricedProducts(db, selection);
  const unpriced = await repository.listUnpricedProductIds(db, {
    selection,
    descending,
    limit: page.limit - priced.length,
    offset: Math.max(0, page.offset - pricedTotal),
  });
  return [total, [...priced, ...unpriced]];
}

/**
 * Product cards for these ids in the given order, under the caller's price and stock policy; ids with no
 * product are left out. The caller has already chosen ids the store shows this caller (published, its own).
 */
export async function getSummaries(db: Db, ctx: CatalogContext, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await repository.getProductSummaries(db, { ids, currencyCode: ctx.currencyCode });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const viewer = viewerOf(ctx);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { variants, ...card } = row;
    return [{ ...card, ...summariseVariants(viewer, variants.map(toVariantFacts), ctx.currencyCode) }];
  });
}

const toVariantFacts = (variant: repository.VariantFactsRow) => ({
  id: variant.id,
  isMaster: variant.isMaster,
  stockQuantity: variant.stockQuantity,
  price:
    variant.amount === null
      ? null
      : { amount: variant.amount, originalAmount: variant.originalAmount, lowestPriorAmount: variant.lowestPriorAmount },
});

/** A product page by id or slug; 404 when unknown, unpublished, or hidden from this caller. */
export async function requireProduct(db: Db, ctx: CatalogContext, key: { id: number } | { slug: string }): Promise<ProductDetail> {
  const visibility = getCatalogVisibility(viewerOf(ctx));
  // Hidden products answer exactly like unknown ones, so their existence does not leak either.
  const row = visibility.productsVisible
    ? await repository.findProductDetail(db, { storeId: ctx.store.id, key, currencyCode: ctx.currencyCode })
    : null;
  if (!row) throw new AppError("product_not_found", "Product was not found");
  return toProductDetail(ctx, visibility, row);
}

/**
 * A product through its preview link (POST /admin/products/:id/preview-link, decision 051's signed links), published
 * or a draft: its page as this caller would see it once published (prices hidden where the shop hides them from
 * them). The link is the permission to see the product, so a shop that hides its products from visitors still shows
 * it. 404 `product_preview_link_invalid` for a token this store did not sign for a product, or one whose product is
 * gone; 410 `product_preview_link_expired` for a genuine one past its time.
 */
export async function getProductPreview(db: Db, ctx: CatalogContext, secret: string, token: string): Promise<ProductDetail> {
  const check = checkPreviewToken(secret, { storeId: ctx.store.id, kind: "product" }, token);
  if (!check.valid) {
    throw new AppError(check.problem === "expired" ? "product_preview_link_expired" : "product_preview_link_invalid", {
      field: "body.token",
    });
  }
  const row = await repository.findProductDetail(db, { storeId: ctx.store.id, key: { draftId: check.id }, currencyCode: ctx.currencyCode });
  if (!row) throw new AppError("product_preview_link_invalid", { field: "body.token" });
  return toProductDetail(ctx, getCatalogVisibility(viewerOf(ctx)), row);
}

/** A product page's row as the API answers it to this caller: prices and stock as the shop shows them. */
function toProductDetail(ctx: CatalogContext, visibility: CatalogVisibility, row: repository.ProductDetailRow): ProductDetail {
  return {
    ...row,
    variants: row.variants.map((variant) => {
      const facts = toVariantFacts(variant);
      return {
        id: variant.id,
        sku: variant.sku,
        isbn: variant.isbn,
        name: variant.name,
        options: variant.options,
        isMaster: variant.isMaster,
        price: exposePrice(visibility, facts.price, ctx.currencyCode),
        tierPrices: visibility.pricesVisible ? variant.tierPrices.map((tier) => ({ ...tier, currencyCode: ctx.currencyCode })) : [],
        stock: exposeStock(ctx.store, variant.stockQuantity),
        isPurchasable: isPurchasable(ctx.store, variant.stockQuantity, facts.price !== null),
      };
    }),
    pricesHidden: !visibility.pricesVisible,
    addons: row.addons.map((addon) => toAddon(ctx, addon)),
  };
}

// ---------------------------------------------------------------- filters

/** Facets with disjunctive counts, the price range and the total for a selection. */
export async function getProductFilters(db: Db, ctx: CatalogContext, query: ProductFiltersQuery, reads: CatalogReads = {}) {
  const visibility = getCatalogVisibility(viewerOf(ctx));
  if (!visibility.productsVisible) return { facets: [], priceRange: null, total: 0 };

  const { counts = noCountsCache, search = postgresProductSearch(db) } = reads;
  const { selection } = await resolveSelection(db, ctx, visibility, query, search);
  const result = await counts.remember("facets", selection, async () => {
    const searched = await searchInIndex(reads, ctx, selection);
    if (searched) return searched.index.facets(searched.selection);
    const index = indexFor(reads, ctx, selection);
    if (index) return index.facets(selection);
    return repository.getFacets(db, (await withSearchAsIds(selection)).selection);
  });
  const facets: Facet[] = [];
  for (const value of result.values) {
    let facet = facets.at(-1);
    if (facet?.code !== value.attributeCode) {
      facet = { code: value.attributeCode, name: value.attributeName, values: [] };
      facets.push(facet);
    }
    facet.values.push({ code: value.code, label: value.label, count: value.count, isSelected: value.isSelected });
  }
  const priceRange =
    visibility.pricesVisible && result.minPrice !== null && result.maxPrice !== null
      ? { min: result.minPrice, max: result.maxPrice, currencyCode: ctx.currencyCode }
      : null;
  return { facets, priceRange, total: result.total };
}

/** Every filterable attribute with its values. */
export function listFilterAttributes(db: Db, ctx: CatalogContext) {
  return repository.listFilterableAttributes(db, ctx.store.id);
}

/** The filterable attributes of each requested product type, in request order; unknown types are left out. */
export async function listProductTypeFilters(db: Db, ctx: CatalogContext, productTypeIds: number[]) {
  const ids = [...new Set(productTypeIds)];
  const rows = await repository.listProductTypes(db, { storeId: ctx.store.id, ids, filterableOnly: true });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ productTypeId: row.id, attributes: row.attributes }] : [];
  });
}

/** One product type with its attributes; 404 when the store has none with this id. */
export async function requireProductType(db: Db, ctx: CatalogContext, id: number) {
  const [row] = await repository.listProductTypes(db, { storeId: ctx.store.id, ids: [id], filterableOnly: false });
  if (!row) throw new AppError("product_type_not_found", "Product type was not found");
  return row;
}

// ---------------------------------------------------------------- add-ons

/**
 * Add-ons of the store, or of one product (404 when the product is unknown). Served even where products
 * are hidden from anonymous callers: an add-on says nothing about the catalogue, and prices stay hidden.
 */
export async function listAddons(db: Db, ctx: CatalogContext, productId?: number): Promise<Addon[]> {
  const [exists, rows] = await Promise.all([
    productId === undefined ? true : repository.productExists(db, ctx.store.id, productId),
    repository.listAddons(db, { storeId: ctx.store.id, currencyCode: ctx.currencyCode, productId }),
  ]);
  if (!exists) throw new AppError("product_not_found", "Product was not found");
  return rows.map((row) => toAddon(ctx, row));
}

/**
 * The add-ons each of several products offers (GET /add-ons/by-product), in one statement: an entry per
 * published product asked for, in the order asked; unknown and unpublished products are left out. Served
 * under the same policy as the one-product call.
 */
export async function listAddonsByProduct(db: Db, ctx: CatalogContext, productIds: readonly number[]): Promise<ProductAddons[]> {
  const asked = [...new Set(productIds)];
  const rows = await repository.listAddonsByProduct(db, { storeId: ctx.store.id, currencyCode: ctx.currencyCode, productIds: asked });
  const byProduct = new Map(rows.map((row) => [row.productId, row.addons]));
  return asked.flatMap((productId) => {
    const addons = byProduct.get(productId);
    return addons ? [{ productId, addons: addons.map((row) => toAddon(ctx, row)) }] : [];
  });
}

/** An add-on as the caller may see it: option prices only where the store shows them prices. */
function toAddon(ctx: CatalogContext, row: repository.AddonRow): Addon {
  const visibility = getCatalogVisibility(viewerOf(ctx));
  return {
    ...row,
    options: row.options.map((option) => ({
      id: option.id,
      name: option.name,
      price: visibility.pricesVisible && option.amount !== null ? { amount: option.amount, currencyCode: ctx.currencyCode } : null,
    })),
  };
}

// ---------------------------------------------------------------- variants by SKU

/**
 * The variants a quick order names, in request order, each SKU answered once. A SKU matches exactly or, when
 * typed in another case, the store's upper-case form (SKUs are usually printed upper-case, shoppers type
 * them any way); both forms go to the unique (store, sku) index, so no scan. Unknown SKUs, unpublished
 * products and, for callers the store hides products from, everything, are left out alike.
 */
export async function listVariantsBySku(db: Db, ctx: CatalogContext, skus: string[]): Promise<VariantBySku[]> {
  if (!getCatalogVisibility(viewerOf(ctx)).productsVisible) return [];
  const requested = [...new Set(skus)];
  const candidates = [...new Set(requested.flatMap((sku) => [sku, sku.toUpperCase()]))];
  const rows = await repository.listVariantsBySku(db, { storeId: ctx.store.id, skus: candidates });
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  return requested.flatMap((sku) => {
    const row = bySku.get(sku) ?? bySku.get(sku.toUpperCase());
    return row ? [{ requestedSku: sku, ...row }] : [];
  });
}

// ---------------------------------------------------------------- analytics items

/**
 * The analytics product items (what the data layer reports of a product) of these variants, in request order
 * and each once, under the product and price policy of a product page: unknown variants, unpublished products
 * and, for a caller the store hides products from, everything, are left out alike; prices follow the caller's
 * price policy.
 */
export async function listAnalyticsItems(db: Db, ctx: CatalogContext, variantIds: number[]): Promise<AnalyticsItem[]> {
  const visibility = getCatalogVisibility(viewerOf(ctx));
  if (!visibility.productsVisible) return [];
  const requested = [...new Set(variantIds)];
  const rows = await repository.listAnalyticsItems(db, { storeId: ctx.store.id, variantIds: requested, currencyCode: ctx.currencyCode });
  const byId = new Map(rows.map((row) => [row.productVariantId, row]));
  return requested.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { amount, originalAmount, lowestPriorAmount, categories, ...item } = row;
    const stored = amount === null ? null : { amount, originalAmount, lowestPriorAmount };
    return [
      { ...item, price: exposePrice(visibility, stored, ctx.currencyCode), categories: categories.slice(0, ANALYTICS_CATEGORY_LEVELS) },
    ];
  });
}

// ---------------------------------------------------------------- a variant by id

/**
 * A variant with its product's card, under the same policy as a product page: 404 when unknown, another
 * store's, unpublished, or hidden from this caller (answered alike, so hidden products do not leak).
 */
export async function requireVariantWithProduct(db: Db, ctx: CatalogContext, variantId: number): Promise<VariantWithProduct> {
  const variant = getCatalogVisibility(viewerOf(ctx)).productsVisible
    ? await repository.findVariantOfPublishedProduct(db, { storeId: ctx.store.id, variantId })
    : null;
  const [product] = variant ? await getSummaries(db, ctx, [variant.productId]) : [];
  if (!variant || !product) throw new AppError("variant_not_found", "Product variant was not found");
  return { product, variant: { id: variant.id, sku: variant.sku, name: variant.name } };
}
