import type { Image, ProductSafety, ProductSort } from "@quire/contracts";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRows } from "../../db/prepared-statements";
import {
  addonOptionPrices,
  addonOptions,
  addons,
  attributes,
  attributeValues,
  categories,
  productAddons,
  productAttributeValues,
  productCategories,
  productImages,
  productPriceIndex,
  products,
  productTypeAttributes,
  productTypes,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "./catalog.tables";
import type { ProductSearchMatch } from "./product-search";

/*
 * Every catalogue read. Each function runs one SQL statement (a paged list two, run together) whatever
 * the page size or catalogue size: related rows come back as JSON aggregated by PostgreSQL, never as one
 * query per product.
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * A category is shown when it and every ancestor are visible. Its path lists its ancestors' ids and its
 * own, so the check is a primary-key lookup of a few rows.
 */
export function categoryShown(alias: string): SQL {
  const c = sql.raw(alias);
  return sql`(${c}.is_visible and not exists (
    select 1 from ${categories} h
    where h.id = any(string_to_array(trim(both '/' from ${c}.path), '/')::int[]) and not h.is_visible))`;
}

const categoryJson = (alias: string) => {
  const c = sql.raw(alias);
  return sql`json_build_object('id', ${c}.id, 'parentId', ${c}.parent_id, 'slug', ${c}.slug, 'name', ${c}.name,
    'description', ${c}.description, 'position', ${c}.position, 'depth', ${c}.depth)`;
};

// ---------------------------------------------------------------- categories

export interface CategoryRow {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  description: string;
  position: number;
  depth: number;
}
export interface CategoryCrumbRow {
  id: number;
  slug: string;
  name: string;
}
export type CategoryKey = { id: number } | { slug: string };

const categoryColumns = sql`c.id, c.parent_id as "parentId", c.slug, c.name, c.description, c.position, c.depth`;
const categoryKeyCondition = (key: CategoryKey) => ("id" in key ? sql`c.id = ${key.id}` : sql`c.slug = ${key.slug}`);

/** Every visible category of a store, parents before children, siblings by position then name. */
export function listVisibleCategories(db: Db, storeId: number) {
  return rows<CategoryRow>(
    db,
    sql`select ${categoryColumns} from ${categories} c
        where c.store_id = ${storeId} and c.is_visible
        order by c.depth, c.position, c.name, c.id`,
  );
}

/** One shown category with its ancestors (root first, itself excluded) and its shown children. */
export async function findCategoryDetail(db: Db, storeId: number, key: CategoryKey) {
  const [row] = await rows<
    CategoryRow & { seoTitle: string; seoDescription: string; breadcrumbs: CategoryCrumbRow[]; children: CategoryRow[] }
  >(
    db,
    sql`select ${categoryColumns}, c.seo_title as "seoTitle", c.seo_description as "seoDescription",
          coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) order by a.depth)
            from ${categories} a
            where a.id = any(string_to_array(trim(both '/' from c.path), '/')::int[]) and a.id <> c.id), '[]') as breadcrumbs,
          coalesce((select json_agg(${categoryJson("k")} order by k.position, k.name, k.id)
            from ${categories} k where k.parent_id = c.id and k.is_visible), '[]') as children
        from ${categories} c
        where c.store_id = ${storeId} and ${categoryKeyCondition(key)} and ${categoryShown("c")}`,
  );
  return row ?? null;
}

/** A page of shown categories, optionally under one parent or at the root, with the total. */
export async function listCategoriesPage(
  db: Db,
  input: { storeId: number; parent: { id: number } | "root" | null; limit: number; offset: number },
) {
  const parentCondition =
    input.parent === null ? sql`true` : input.parent === "root" ? sql`c.parent_id is null` : sql`c.parent_id = ${input.parent.id}`;
  const where = sql`c.store_id = ${input.storeId} and ${parentCondition} and ${categoryShown("c")}`;
  const [page, count] = await Promise.all([
    rows<CategoryRow>(
      db,
      sql`select ${categoryColumns} from ${categories} c where ${where}
          order by c.depth, c.position, c.name, c.id limit ${input.limit} offset ${input.offset}`,
    ),
    rows<{ total: number }>(db, sql`select count(*)::int as total from ${categories} c where ${where}`),
  ]);
  return { rows: page, total: count[0]?.total ?? 0 };
}

/**
 * Resolves the names a selection uses into ids, in one statement: a category into its own id and the ids of its
 * shown subtree (null when the category is not shown), and each attribute filter's value codes into value ids.
 * The main queries then compare ids, which the planner estimates from column statistics (a format value
 * on half the catalogue, an author on forty books) instead of guessing through a join on codes.
 */
export async function resolveSelectionKeys(
  db: Db,
  input: { storeId: number; category: CategoryKey | null; filters: { code: string; values: string[] }[] },
) {
  const category = input.category
    ? sql`(select coalesce((select array_agg(d.id) from ${categories} d
          where d.store_id = c.store_id and d.path like c.path || '%' and ${categoryShown("d")}), '{}')
        from ${categories} c
        where c.store_id = ${input.storeId} and ${categoryKeyCondition(input.category)} and ${categoryShown("c")})`
    : sql`null::int[]`;
  const categoryId = input.category
    ? sql`(select c.id from ${categories} c
        where c.store_id = ${input.storeId} and ${categoryKeyCondition(input.category)} and ${categoryShown("c")})`
    : sql`null::int`;
  const filterValueIds = input.filters.map(
    (filter) => sql`array(select av.id from ${attributeValues} av join ${attributes} a on a.id = av.attribute_id
      where a.store_id = ${input.storeId} and a.code = ${filter.code} and av.code = any(${textArray(filter.values)}) order by av.id)`,
  );
  const [row] = await rows<{ categoryId: number | null; categoryIds: number[] | null; filterValueIds: number[][] }>(
    db,
    sql`select ${categoryId} as "categoryId", ${category} as "categoryIds",
          json_build_array(${sql.join(filterValueIds, sql`, `)}) as "filterValueIds"`,
  );
  if (!row) throw new Error("the resolving statement returns one row");
  return row;
}

// ---------------------------------------------------------------- product selection

/** What selects products; the service has already resolved the category and applied the store policy. */
export interface ProductSelection {
  storeId: number;
  currencyCode: string;
  /** The chosen category and its shown descendants. */
  categoryIds?: number[];
  /**
   * What the store's product search matched for the shopper's text (product-search.ts): the service's and the
   * catalogue index's view. SQL never reads it: the service hands the repository the search's ranked ids in
   * `ids` instead (catalog.service.ts, `withSearchAsIds`).
   */
  search?: ProductSearchMatch;
  /** One entry per attribute code: any of `valueIds` (OR within an attribute), AND across entries. */
  attributeFilters: { code: string; valueIds: number[] }[];
  /** Inclusive bounds on the product's lowest price in `currencyCode`. */
  price?: { min?: number; max?: number };
  ids?: number[];
}

function attributeFilterCondition(filter: { valueIds: number[] }): SQL {
  return sql`p.id in (select pav.product_id from ${productAttributeValues} pav
    where pav.attribute_value_id = any(${intArray(filter.valueIds)}))`;
}

function priceBoundsCondition(currencyCode: string, price: NonNullable<ProductSelection["price"]>): SQL {
  const bounds = [sql`bound.currency_code = ${currencyCode}`];
  if (price.min !== undefined) bounds.push(sql`bound.min_amount >= ${price.min}`);
  if (price.max !== undefined) bounds.push(sql`bound.min_amount <= ${price.max}`);
  return sql`p.id in (select bound.product_id from ${productPriceIndex} bound where ${sql.join(bounds, sql` and `)})`;
}

/** Conditions of a selection except attribute filters and price bounds, which facets count apart. */
function baseConditions(selection: ProductSelection): SQL[] {
  const conditions = [sql`p.store_id = ${selection.storeId}`, sql`p.is_published`];
  if (selection.categoryIds) {
    conditions.push(sql`p.id in (select pc.product_id from ${productCategories} pc
      where pc.category_id = any(${intArray(selection.categoryIds)}))`);
  }
  if (selection.search) throw new Error("a search reaches SQL as its ranked ids, not as text (catalog.service.ts)");
  if (selection.ids) conditions.push(sql`p.id = any(${intArray(selection.ids)})`);
  return conditions;
}

function selectionWhere(selection: ProductSelection): SQL {
  const conditions = baseConditions(selection);
  for (const filter of selection.attributeFilters) conditions.push(attributeFilterCondition(filter));
  if (selection.price) conditions.push(priceBoundsCondition(selection.currencyCode, selection.price));
  return sql.join(conditions, sql` and `);
}

/** How many products a selection holds. */
export async function countProducts(db: Db, selection: ProductSelection) {
  const [row] = await rows<{ total: number }>(db, sql`select count(*)::int as total from ${products} p where ${selectionWhere(selection)}`);
  return row?.total ?? 0;
}

/** A sort that walks an index of products; price sorts have their own functions below. */
export type ProductOrder = Exclude<ProductSort, "price-asc" | "price-desc">;

/**
 * One page of product ids in sort order. Every sort ends on the id so pages never overlap; newest, popular
 * and the name sorts match a partial index of catalog.tables.ts, so a page is an index walk.
 */
export async function listProductIds(
  db: Db,
  input: { selection: ProductSelection; sort: ProductOrder; limit: number; offset: number; ranked?: number[] | null },
) {
  const { selection } = input;
  let orderBy: SQL;
  switch (input.sort) {
    case "relevance": {
      // The search's order: its ranked ids, joined with their positions (a hash join, not a lookup per row).
      if (!input.ranked) throw new Error("relevance needs the search's ranked ids");
      const result = await rows<{ id: number }>(
        db,
        sql`select p.id from ${products} p
            join unnest(${intArray(input.ranked)}) with ordinality as ranked(id, position) on ranked.id = p.id
            where ${selectionWhere(selection)}
            order by ranked.position limit ${input.limit} offset ${input.offset}`,
      );
      return result.map((row) => row.id);
    }
    case "newest":
      orderBy = sql`p.created_at desc, p.id desc`;
      break;
    case "popular":
      orderBy = sql`p.popularity desc, p.id desc`;
      break;
    case "name-asc":
      orderBy = sql`p.name, p.id`;
      break;
    case "name-desc":
      orderBy = sql`p.name desc, p.id desc`;
      break;
  }
  const result = await rows<{ id: number }>(
    db,
    sql`select p.id from ${products} p where ${selectionWhere(selection)}
        order by ${orderBy} limit ${input.limit} offset ${input.offset}`,
  );
  return result.map((row) => row.id);
}

/*
 * Price sorts list the products priced in the request currency by their lowest price, then those with no
 * price in it by id. The priced part walks product_price_index_sort_idx in price order and stops after a
 * page; joining every selected product to its price and sorting them all would cost the whole selection.
 */

/** A page of the selection's priced products by lowest price (ties by id, in the same direction). */
export async function listPricedProductIds(
  db: Db,
  input: { selection: ProductSelection; descending: boolean; limit: number; offset: number },
) {
  const order = input.descending ? sql`sp.min_amount desc, sp.product_id desc` : sql`sp.min_amount, sp.product_id`;
  const result = await rows<{ id: number }>(
    db,
    sql`select p.id from ${productPriceIndex} sp join ${products} p on p.id = sp.product_id
        where sp.currency_code = ${input.selection.currencyCode} and ${selectionWhere(input.selection)}
        order by ${order} limit ${input.limit} offset ${input.offset}`,
  );
  return result.map((row) => row.id);
}

/** How many products of the selection have a price in the request currency. */
export async function countPricedProducts(db: Db, selection: ProductSelection) {
  const [row] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${productPriceIndex} sp join ${products} p on p.id = sp.product_id
        where sp.currency_code = ${selection.currencyCode} and ${selectionWhere(selection)}`,
  );
  return row?.total ?? 0;
}

/** A page of the selection's products with no price in the request currency, by id. */
export async function listUnpricedProductIds(
  db: Db,
  input: { selection: ProductSelection; descending: boolean; limit: number; offset: number },
) {
  const result = await rows<{ id: number }>(
    db,
    sql`select p.id from ${products} p
        where ${selectionWhere(input.selection)} and not exists (select 1 from ${productPriceIndex} sp
          where sp.product_id = p.id and sp.currency_code = ${input.selection.currencyCode})
        order by ${input.descending ? sql`p.id desc` : sql`p.id`} limit ${input.limit} offset ${input.offset}`,
  );
  return result.map((row) => row.id);
}

export interface VariantFactsRow {
  id: number;
  isMaster: boolean;
  stockQuantity: number;
  amount: number | null;
  originalAmount: number | null;
  lowestPriorAmount: number | null;
}
export interface ProductSummaryRow {
  id: number;
  slug: string;
  name: string;
  subtitle: string;
  byline: string;
  image: Image | null;
  variants: VariantFactsRow[];
}

/**
 * A product image row `alias` as the contract's Image: its URL and alternative text, and for an image in the
 * shop's storage (decision 054) its size and files in each width and format, kept beside it when it was stored.
 */
export const imageJsonOf = (alias: string) =>
  sql.raw(`(jsonb_build_object('url', ${alias}.url, 'alt', ${alias}.alt) || coalesce(${alias}.picture, '{}'::jsonb))`);

/**
 * The authors (values of the "author" attribute) of product `p`, joined for a byline. The product's values are
 * looked up by id: joined as a table, PostgreSQL hashes them and scans every attribute value of the store for each
 * product (0.3 ms a product at 100k, most of a page of cards' time).
 */
export const bylineOf = sql`coalesce((select string_agg(av.label, ', ' order by av.position, av.label)
  from ${attributeValues} av
  join ${attributes} a on a.id = av.attribute_id
  where av.id = any(array(select pav.attribute_value_id from ${productAttributeValues} pav where pav.product_id = p.id))
    and a.code = 'author'), '')`;

/** Card data for products by id: a prepared statement (db/prepared-statements.ts), as every page of cards runs it. */
const productSummaries = preparedRows<ProductSummaryRow>(
  "catalog_product_summaries",
  ["id", "slug", "name", "subtitle", "byline", "image", "variants"],
  sql`select p.id, p.slug, p.name, p.subtitle, ${bylineOf} as byline,
        (select ${imageJsonOf("i")} from ${productImages} i
          where i.product_id = p.id order by i.position, i.id limit 1) as image,
        (select json_agg(json_build_object('id', v.id, 'isMaster', v.is_master, 'stockQuantity', v.stock_quantity,
            'amount', vp.amount, 'originalAmount', vp.original_amount, 'lowestPriorAmount', vp.lowest_prior_amount) order by v.position, v.id)
          from ${productVariants} v
          left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${sql.placeholder("currencyCode")}
          where v.product_id = p.id) as variants
      from ${products} p where p.id = any(${sql.placeholder("ids")}::int[])`,
);

/** Card data for a page of products in one statement; the caller restores the page order. */
export function getProductSummaries(db: Db, input: { ids: number[]; currencyCode: string }) {
  return productSummaries(db, { ids: input.ids, currencyCode: input.currencyCode });
}

export interface ProductDetailRow {
  id: number;
  slug: string;
  name: string;
  subtitle: string;
  byline: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  safety: ProductSafety | null;
  productType: { id: number; code: string; name: string };
  images: Image[];
  attributes: { code: string; name: string; values: { code: string; label: string }[] }[];
  categories: CategoryCrumbRow[];
  breadcrumbs: CategoryCrumbRow[];
  variants: (VariantFactsRow & {
    sku: string;
    isbn: string | null;
    name: string;
    options: { code: string; name: string; value: string }[];
    tierPrices: { minQuantity: number; amount: number }[];
  })[];
  hasAddons: boolean;
  /** The add-ons the product offers, with option prices in the request currency (as listAddons reads them). */
  addons: AddonRow[];
}

/** The options of the add-on `ad`, with their prices in one currency, as a JSON array. */
const addonOptionsJson = (currencyCode: string | Placeholder) =>
  sql`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'amount', op.amount) order by o.position, o.id)
        from ${addonOptions} o
        left join ${addonOptionPrices} op on op.addon_option_id = o.id and op.currency_code = ${currencyCode}
        where o.addon_id = ad.id), '[]')`;

/**
 * Everything a product page shows, in one statement, for the product `key` names (`p.id = …` or `p.slug = …`), if
 * `shown` holds for it (published, for the shop; anything, for a preview link).
 * Its values are placeholders: storeId, currencyCode and the key's.
 */
function productDetailQuery(keyCondition: SQL, shown: SQL = sql`p.is_published`) {
  const currencyCode = sql.placeholder("currencyCode");
  const shownCategoriesOfProduct = sql`from ${productCategories} pc join ${categories} c on c.id = pc.category_id
    where pc.product_id = p.id and ${categoryShown("c")}`;
  return sql`select p.id, p.slug, p.name, p.subtitle, p.description, ${bylineOf} as byline,
          p.seo_title as "seoTitle", p.seo_description as "seoDescription", p.safety,
          json_build_object('id', t.id, 'code', t.code, 'name', t.name) as "productType",
          coalesce((select json_agg(${imageJsonOf("i")} order by i.position, i.id)
            from ${productImages} i where i.product_id = p.id), '[]') as images,
          coalesce((select json_agg(json_build_object('code', pa.code, 'name', pa.name, 'values', pa.values)
              order by pa.position, pa.name)
            from (select a.code, a.name, a.position,
                    json_agg(json_build_object('code', av.code, 'label', av.label) order by av.position, av.label) as values
                  from ${productAttributeValues} pav
                  join ${attributeValues} av on av.id = pav.attribute_value_id
                  join ${attributes} a on a.id = av.attribute_id
                  where pav.product_id = p.id
                  group by a.id) pa), '[]') as attributes,
          coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by pc.position, c.id)
            ${shownCategoriesOfProduct}), '[]') as categories,
          coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) order by a.depth)
            from ${categories} a
            where a.id = any(string_to_array(trim(both '/' from
              (select c.path ${shownCategoriesOfProduct} order by pc.position, c.id limit 1)), '/')::int[])), '[]') as breadcrumbs,
          (select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'isbn', v.isbn, 'name', v.name, 'options', v.options,
              'isMaster', v.is_master, 'stockQuantity', v.stock_quantity,
              'amount', vp.amount, 'originalAmount', vp.original_amount, 'lowestPriorAmount', vp.lowest_prior_amount,
              'tierPrices', coalesce((select json_agg(json_build_object('minQuantity', tp.min_quantity, 'amount', tp.amount)
                  order by tp.min_quantity)
                from ${variantTierPrices} tp where tp.variant_id = v.id and tp.currency_code = ${currencyCode}), '[]'))
              order by v.position, v.id)
            from ${productVariants} v
            left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${currencyCode}
            where v.product_id = p.id) as variants,
          exists (select 1 from ${productAddons} pad where pad.product_id = p.id) as "hasAddons",
          coalesce((select json_agg(json_build_object('id', ad.id, 'code', ad.code, 'name', ad.name, 'description', ad.description,
                'options', ${addonOptionsJson(currencyCode)}) order by ad.position, ad.name, ad.id)
            from ${productAddons} pad join ${addons} ad on ad.id = pad.addon_id
            where pad.product_id = p.id and ad.store_id = p.store_id), '[]') as addons
        from ${products} p join ${productTypes} t on t.id = p.product_type_id
        where p.store_id = ${sql.placeholder("storeId")} and ${shown} and ${keyCondition}`;
}

const PRODUCT_DETAIL_COLUMNS = [
  "id",
  "slug",
  "name",
  "subtitle",
  "description",
  "byline",
  "seoTitle",
  "seoDescription",
  "safety",
  "productType",
  "images",
  "attributes",
  "categories",
  "breadcrumbs",
  "variants",
  "hasAddons",
  "addons",
] as const satisfies readonly (keyof ProductDetailRow)[];

/** The product page by id and by slug: prepared statements (db/prepared-statements.ts), as every product page runs one. */
const productDetailById = preparedRows<ProductDetailRow>(
  "catalog_product_detail_by_id",
  PRODUCT_DETAIL_COLUMNS,
  productDetailQuery(sql`p.id = ${sql.placeholder("id")}`),
);
const productDetailBySlug = preparedRows<ProductDetailRow>(
  "catalog_product_detail_by_slug",
  PRODUCT_DETAIL_COLUMNS,
  productDetailQuery(sql`p.slug = ${sql.placeholder("slug")}`),
);
/** The same page of a product published or not: what its preview link shows. */
const productDraftDetailById = preparedRows<ProductDetailRow>(
  "catalog_product_draft_detail_by_id",
  PRODUCT_DETAIL_COLUMNS,
  productDetailQuery(sql`p.id = ${sql.placeholder("id")}`, sql`true`),
);

/**
 * Everything a product page shows, in one statement; null when the store has no such published product (or, by
 * `draftId`, no such product at all: a preview link shows a draft too).
 */
export async function findProductDetail(
  db: Db,
  input: { storeId: number; key: { id: number } | { slug: string } | { draftId: number }; currencyCode: string },
) {
  const values = { storeId: input.storeId, currencyCode: input.currencyCode };
  const [row] =
    "id" in input.key
      ? await productDetailById(db, { ...values, id: input.key.id })
      : "slug" in input.key
        ? await productDetailBySlug(db, { ...values, slug: input.key.slug })
        : await productDraftDetailById(db, { ...values, id: input.key.draftId });
  return row ?? null;
}

/** Whether the store has this published product. */
export async function productExists(db: Db, storeId: number, productId: number) {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${products} p where p.id = ${productId} and p.store_id = ${storeId} and p.is_published) as found`,
  );
  return row?.found ?? false;
}

// ---------------------------------------------------------------- facets

export interface FacetValueRow {
  attributeCode: string;
  attributeName: string;
  code: string;
  label: string;
  count: number;
  isSelected: boolean;
}
export interface FacetsResult {
  total: number;
  minPrice: number | null;
  maxPrice: number | null;
  values: FacetValueRow[];
}

/** At most this many values of one facet are returned (the most frequent, plus any selected). */
export const MAX_FACET_VALUES = 100;

/**
 * Facet counts for a selection, counted disjunctively: a value's count applies every other facet's
 * selection and the price bounds but ignores its own facet's, so choosing "hardback" still shows how many
 * paperbacks there are. The price range applies the attribute filters but not the price bounds, so a price
 * slider does not collapse onto its own selection.
 *
 * One statement. Values of unselected attributes are counted over the full selection; the values of each
 * selected attribute over the selection without that attribute's filter. Each count is a semi-join of
 * product_attribute_values onto the selected product ids, which the planner hashes for large selections
 * and walks by index for small ones.
 */
export async function getFacets(db: Db, selection: ProductSelection): Promise<FacetsResult> {
  const { storeId, attributeFilters: filters } = selection;
  const base = baseConditions(selection);
  const filterConditions = filters.map(attributeFilterCondition);
  const priceConditions = selection.price ? [priceBoundsCondition(selection.currencyCode, selection.price)] : [];
  const productIds = (conditions: SQL[]) => sql`(select p.id from ${products} p where ${sql.join(conditions, sql` and `)})`;
  const filterableValues = (attributeCondition: SQL) => sql`(select av.id from ${attributeValues} av
    join ${attributes} a on a.id = av.attribute_id
    where a.store_id = ${storeId} and a.is_filterable and ${attributeCondition})`;
  const countPart = (conditions: SQL[], attributeCondition: SQL) => sql`
    select pav.attribute_value_id as value_id, count(*)::int as n
    from ${productAttributeValues} pav
    where pav.product_id in ${productIds(conditions)} and pav.attribute_value_id in ${filterableValues(attributeCondition)}
    group by pav.attribute_value_id`;

  const filteredCodes = filters.map((filter) => filter.code);
  const parts = [
    countPart([...base, ...filterConditions, ...priceConditions], sql`a.code <> all(${textArray(filteredCodes)})`),
    ...filters.map((filter, index) =>
      countPart([...base, ...filterConditions.filter((_, other) => other !== index), ...priceConditions], sql`a.code = ${filter.code}`),
    ),
  ];
  const selected =
    filters.length === 0
      ? sql`false`
      : sql.join(
          filters.map((filter) => sql`(a.code = ${filter.code} and av.id = any(${intArray(filter.valueIds)}))`),
          sql` or `,
        );
  const inPrice = selection.price
    ? sql.join(
        [
          sql`ppi.min_amount is not null`,
          ...(selection.price.min !== undefined ? [sql`ppi.min_amount >= ${selection.price.min}`] : []),
          ...(selection.price.max !== undefined ? [sql`ppi.min_amount <= ${selection.price.max}`] : []),
        ],
        sql` and `,
      )
    : sql`true`;

  const [row] = await rows<{ summary: { total: number; minPrice: number | null; maxPrice: number | null }; values: FacetValueRow[] }>(
    db,
    sql`with counts as (${sql.join(parts, sql` union all `)}),
        ranked as (
          select a.code as "attributeCode", a.name as "attributeName", av.code, av.label,
            coalesce(c.n, 0) as count, ${selected} as "isSelected",
            a.position as attribute_position, a.id as attribute_id, av.position as value_position, av.id as value_id,
            row_number() over (partition by a.id order by coalesce(c.n, 0) desc, av.position, av.id) as frequency_rank
          from ${attributes} a
          join ${attributeValues} av on av.attribute_id = a.id
          left join counts c on c.value_id = av.id
          where a.store_id = ${storeId} and a.is_filterable and (c.n > 0 or ${selected})
        )
        select
          (select json_build_object('total', count(*) filter (where ${inPrice}),
              'minPrice', min(ppi.min_amount), 'maxPrice', max(ppi.min_amount))
            from ${products} p
            left join ${productPriceIndex} ppi on ppi.product_id = p.id and ppi.currency_code = ${selection.currencyCode}
            where ${sql.join([...base, ...filterConditions], sql` and `)}) as summary,
          coalesce((select json_agg(json_build_object('attributeCode', r."attributeCode", 'attributeName', r."attributeName",
              'code', r.code, 'label', r.label, 'count', r.count, 'isSelected', r."isSelected")
              order by r.attribute_position, r."attributeName", r.attribute_id, r.value_position, r.label, r.value_id)
            from ranked r where r.frequency_rank <= ${MAX_FACET_VALUES} or r."isSelected"), '[]') as values`,
  );
  if (!row) throw new Error("the facets statement returns one row");
  return { ...row.summary, values: row.values };
}

// ---------------------------------------------------------------- attributes, product types, add-ons

export interface AttributeWithValuesRow {
  id: number;
  code: string;
  name: string;
  values: { code: string; label: string }[];
}

/** Every filterable attribute of a store with its values. */
export function listFilterableAttributes(db: Db, storeId: number) {
  return rows<AttributeWithValuesRow>(
    db,
    sql`select a.id, a.code, a.name,
          coalesce((select json_agg(json_build_object('code', av.code, 'label', av.label) order by av.position, av.label, av.id)
            from ${attributeValues} av where av.attribute_id = a.id), '[]') as values
        from ${attributes} a where a.store_id = ${storeId} and a.is_filterable
        order by a.position, a.name, a.id`,
  );
}

export interface ProductTypeRow {
  id: number;
  code: string;
  name: string;
  attributes: { id: number; code: string; name: string }[];
}

/** Product types of a store with the attributes each offers, in the type's order. */
export function listProductTypes(db: Db, input: { storeId: number; ids: number[]; filterableOnly: boolean }) {
  return rows<ProductTypeRow>(
    db,
    sql`select t.id, t.code, t.name,
          coalesce((select json_agg(json_build_object('id', a.id, 'code', a.code, 'name', a.name) order by pta.position, a.name, a.id)
            from ${productTypeAttributes} pta join ${attributes} a on a.id = pta.attribute_id
            where pta.product_type_id = t.id ${input.filterableOnly ? sql`and a.is_filterable` : sql``}), '[]') as attributes
        from ${productTypes} t where t.store_id = ${input.storeId} and t.id = any(${intArray(input.ids)})`,
  );
}

export interface AddonRow {
  id: number;
  code: string;
  name: string;
  description: string;
  options: { id: number; name: string; amount: number | null }[];
}

/** An add-on's options with their prices in one currency, as a JSON array (`ad` is the add-on's alias). */

/** Add-ons of a store (or of one product) with option prices in one currency. */
export function listAddons(db: Db, input: { storeId: number; currencyCode: string; productId?: number }) {
  const productCondition =
    input.productId === undefined
      ? sql``
      : sql`and ad.id in (select pad.addon_id from ${productAddons} pad where pad.product_id = ${input.productId})`;
  return rows<AddonRow>(
    db,
    sql`select ad.id, ad.code, ad.name, ad.description, ${addonOptionsJson(input.currencyCode)} as options
        from ${addons} ad where ad.store_id = ${input.storeId} ${productCondition}
        order by ad.position, ad.name, ad.id`,
  );
}

/**
 * The add-ons each of `productIds` offers (published products of the store only), with option prices in one
 * currency: one statement however many products.
 */
export function listAddonsByProduct(db: Db, input: { storeId: number; currencyCode: string; productIds: number[] }) {
  return rows<{ productId: number; addons: AddonRow[] }>(
    db,
    sql`select p.id as "productId",
          coalesce((select json_agg(json_build_object('id', ad.id, 'code', ad.code, 'name', ad.name, 'description', ad.description,
                'options', ${addonOptionsJson(input.currencyCode)}) order by ad.position, ad.name, ad.id)
            from ${productAddons} pad join ${addons} ad on ad.id = pad.addon_id
            where pad.product_id = p.id and ad.store_id = ${input.storeId}), '[]') as addons
        from ${products} p
        where p.store_id = ${input.storeId} and p.is_published and p.id = any(${intArray(input.productIds)})`,
  );
}

// ---------------------------------------------------------------- variants by SKU

export interface VariantBySkuRow {
  sku: string;
  variantId: number;
  productId: number;
  productSlug: string;
  productName: string;
  variantName: string;
}

/** The store's variants of published products whose SKU is one of `skus` (exact match, on the unique index). */
export function listVariantsBySku(db: Db, input: { storeId: number; skus: string[] }) {
  return rows<VariantBySkuRow>(
    db,
    sql`select v.sku, v.id as "variantId", p.id as "productId", p.slug as "productSlug", p.name as "productName",
          v.name as "variantName"
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.store_id = ${input.storeId} and v.sku = any(${textArray(input.skus)}) and p.is_published`,
  );
}

// ---------------------------------------------------------------- analytics items

export interface AnalyticsItemRow {
  productVariantId: number;
  productId: number;
  sku: string;
  productName: string;
  variantName: string;
  isMaster: boolean;
  amount: number | null;
  originalAmount: number | null;
  lowestPriorAmount: number | null;
  categories: CategoryCrumbRow[];
}

/**
 * The store's variants of published products with these ids, with their price in one currency and the path
 * (root first) to the product's first shown category, as a product page's breadcrumbs take it. One statement.
 */
export function listAnalyticsItems(db: Db, input: { storeId: number; variantIds: number[]; currencyCode: string }) {
  const firstShownCategoryPath = sql`(select c.path from ${productCategories} pc join ${categories} c on c.id = pc.category_id
      where pc.product_id = p.id and ${categoryShown("c")} order by pc.position, c.id limit 1)`;
  return rows<AnalyticsItemRow>(
    db,
    sql`select v.id as "productVariantId", p.id as "productId", v.sku, p.name as "productName", v.name as "variantName",
          v.is_master as "isMaster", vp.amount, vp.original_amount as "originalAmount",
          vp.lowest_prior_amount as "lowestPriorAmount",
          coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) order by a.depth)
            from ${categories} a
            where a.id = any(string_to_array(trim(both '/' from ${firstShownCategoryPath}), '/')::int[])), '[]') as categories
        from ${productVariants} v
        join ${products} p on p.id = v.product_id
        left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${input.currencyCode}
        where v.store_id = ${input.storeId} and v.id = any(${intArray(input.variantIds)}) and p.is_published`,
  );
}

// ---------------------------------------------------------------- a variant by id

export interface VariantOfProductRow {
  id: number;
  sku: string;
  name: string;
  productId: number;
}

/** The store's variant with this id when its product is published; null otherwise. */
export async function findVariantOfPublishedProduct(db: Db, input: { storeId: number; variantId: number }) {
  const [row] = await rows<VariantOfProductRow>(
    db,
    sql`select v.id, v.sku, v.name, p.id as "productId"
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = ${input.variantId} and v.store_id = ${input.storeId} and p.is_published`,
  );
  return row ?? null;
}
