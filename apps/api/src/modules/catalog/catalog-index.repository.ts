import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loadSearchDocumentRows, loadSearchPostings } from "./search/search-postings.repository";
import type { CatalogueRows, FacetValueMeta, SortKey } from "./catalog-index";
import { attributes, attributeValues, productAttributeValues, productCategories, productPriceIndex, products } from "./catalog.tables";

/*
 * What the catalogue index (catalog-index.ts) is built from; it hears of changes on the event feed (decision
 * 044). Long lists come back as one text column each ("id:value,id:value"), parsed here into typed arrays: a
 * million products are a few statements and no million row objects.
 */

/** Products per statement of a full load. */
const LOAD_CHUNK = 200_000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Parses "a:b,a:b" (or "a,a" with `width` 1) into columns of numbers. */
function parseColumns(text: string | null, width: 1 | 2): Int32Array[] {
  const columns: Int32Array[] = [];
  if (!text) {
    for (let column = 0; column < width; column++) columns.push(new Int32Array(0));
    return columns;
  }
  let items = 1;
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === 44) items++;
  for (let column = 0; column < width; column++) columns.push(new Int32Array(items));
  let item = 0;
  let column = 0;
  let value = 0;
  let negative = false;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 44;
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else if (code === 45) negative = true;
    else {
      columns[column]![item] = negative ? -value : value;
      value = 0;
      negative = false;
      if (code === 58) column++;
      else {
        item++;
        column = 0;
      }
    }
  }
  return columns;
}

/** Which products a load covers: a store's published products, or those of them among some ids. */
type Scope = { storeId: number; ids?: number[] };

const scopeCondition = (scope: Scope, range?: [number, number]) =>
  sql.join(
    [
      sql`p.store_id = ${scope.storeId}`,
      sql`p.is_published`,
      ...(scope.ids ? [sql`p.id = any(${sql.param(scope.ids)}::int[])`] : []),
      ...(range ? [sql`p.id between ${range[0]} and ${range[1]}`] : []),
    ],
    sql` and `,
  );

/** Slot (index in `ids`) of each product id, -1 for ids not there. */
function slotsById(ids: Int32Array) {
  const slotOf = new Int32Array(ids.length > 0 ? ids[ids.length - 1]! + 1 : 0).fill(-1);
  ids.forEach((id, slot) => (slotOf[id] = slot));
  return slotOf;
}

/** Pairs (product id, x), in any order, gathered into per-product lists over the slots of `slotOf`. */
function toLists(slotOf: Int32Array, size: number, owners: Int32Array, items: Int32Array) {
  const offsets = new Int32Array(size + 1);
  for (const owner of owners) offsets[slotOf[owner]! + 1]!++;
  for (let slot = 0; slot < size; slot++) offsets[slot + 1]! += offsets[slot]!;
  const list = new Int32Array(offsets[size]!);
  const next = offsets.slice(0, size);
  for (let at = 0; at < owners.length; at++) list[next[slotOf[owners[at]!]!]!++] = items[at]!;
  return [offsets, list] as const;
}

const concat = (parts: Int32Array[]) => {
  const whole = new Int32Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
};

/**
 * The rows of the index for a scope: product ids, attribute values, categories and lowest prices. Run in
 * one repeatable-read transaction (loadStoreCatalogue) so its statements see one state.
 */
async function loadRows(db: Db, scope: Scope): Promise<CatalogueRows> {
  const [idRow] = await rows<{ ids: string | null }>(
    db,
    sql`select string_agg(p.id::text, ',' order by p.id) as ids from ${products} p where ${scopeCondition(scope)}`,
  );
  const [ids] = parseColumns(idRow?.ids ?? null, 1) as [Int32Array];
  const ranges: [number, number][] = [];
  for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
    ranges.push([ids[start]!, ids[Math.min(ids.length, start + LOAD_CHUNK) - 1]!]);
  }
  const slotOf = slotsById(ids);
  const pairs = async (query: (range: [number, number]) => SQL) => {
    const owners: Int32Array[] = [];
    const items: Int32Array[] = [];
    for (const range of ranges) {
      const [row] = await rows<{ pairs: string | null }>(db, query(range));
      const [owner, item] = parseColumns(row?.pairs ?? null, 2) as [Int32Array, Int32Array];
      owners.push(owner);
      items.push(item);
    }
    return toLists(slotOf, ids.length, concat(owners), concat(items));
  };
  const [valueOffsets, valueIds] = await pairs(
    (range) => sql`select string_agg(pav.product_id::text || ':' || pav.attribute_value_id::text, ',') as pairs
      from ${productAttributeValues} pav join ${products} p on p.id = pav.product_id where ${scopeCondition(scope, range)}`,
  );
  const [categoryOffsets, categoryIds] = await pairs(
    (range) => sql`select string_agg(pc.product_id::text || ':' || pc.category_id::text, ',') as pairs
      from ${productCategories} pc join ${products} p on p.id = pc.product_id where ${scopeCondition(scope, range)}`,
  );
  const prices = new Map<string, Int32Array>();
  for (const range of ranges) {
    const priceRows = await rows<{ currencyCode: string; pairs: string }>(
      db,
      sql`select ppi.currency_code as "currencyCode",
            string_agg(ppi.product_id::text || ':' || ppi.min_amount::text, ',') as pairs
          from ${productPriceIndex} ppi join ${products} p on p.id = ppi.product_id
          where ${scopeCondition(scope, range)} group by ppi.currency_code`,
    );
    for (const row of priceRows) {
      let list = prices.get(row.currencyCode);
      if (!list) {
        list = new Int32Array(ids.length).fill(-1);
        prices.set(row.currencyCode, list);
      }
      const [owners, amounts] = parseColumns(row.pairs, 2) as [Int32Array, Int32Array];
      for (let at = 0; at < owners.length; at++) list[slotOf[owners[at]!]!] = amounts[at]!;
    }
  }
  return { ids, valueOffsets, valueIds, categoryOffsets, categoryIds, prices };
}

/** Each order as PostgreSQL sorts it (its collation for names), as the listing's ORDER BY would. */
async function loadOrders(db: Db, storeId: number): Promise<Map<SortKey, Int32Array>> {
  const scope = scopeCondition({ storeId });
  const orders = new Map<SortKey, Int32Array>();
  for (const [key, orderBy] of [
    ["popular", sql`p.popularity desc, p.id desc`],
    ["newest", sql`p.created_at desc, p.id desc`],
    ["name", sql`p.name, p.id`],
  ] as const) {
    const [row] = await rows<{ ids: string | null }>(
      db,
      sql`select string_agg(p.id::text, ',' order by ${orderBy}) as ids from ${products} p where ${scope}`,
    );
    orders.set(key, parseColumns(row?.ids ?? null, 1)[0]!);
  }
  const priceRows = await rows<{ currencyCode: string; ids: string }>(
    db,
    sql`select ppi.currency_code as "currencyCode", string_agg(p.id::text, ',' order by ppi.min_amount, ppi.product_id) as ids
        from ${productPriceIndex} ppi join ${products} p on p.id = ppi.product_id
        where ${scope} group by ppi.currency_code`,
  );
  for (const row of priceRows) orders.set(`price:${row.currencyCode}`, parseColumns(row.ids, 1)[0]!);
  return orders;
}

/** The store's filterable attributes' values, in the order the facets answer them (catalog.repository's getFacets). */
export function loadFacetValues(db: Db, storeId: number) {
  return rows<FacetValueMeta>(
    db,
    sql`select av.id, a.id as "attributeId", a.code as "attributeCode", a.name as "attributeName", av.code, av.label, av.position
        from ${attributes} a join ${attributeValues} av on av.attribute_id = a.id
        where a.store_id = ${storeId} and a.is_filterable
        order by a.position, a.name, a.id, av.position, av.label, av.id`,
  );
}

/** The stores with at least `minProducts` published products: those whose index is built at start-up. */
export async function listLargeStores(db: Db, minProducts: number): Promise<number[]> {
  const found = await rows<{ storeId: number }>(
    db,
    sql`select p.store_id as "storeId" from ${products} p where p.is_published
        group by p.store_id having count(*) >= ${minProducts} order by count(*) desc`,
  );
  return found.map((row) => row.storeId);
}

/** Everything a store's index is built from, as one consistent state. */
export async function loadStoreCatalogue(db: Db, storeId: number) {
  return db.transaction(
    async (tx) => {
      // A full load reads the whole catalogue: the API's statement timeout is for requests, not for it.
      await tx.execute(sql`set local statement_timeout = 0`);
      const catalogue = await loadRows(tx, { storeId });
      const orders = await loadOrders(tx, storeId);
      const values = await loadFacetValues(tx, storeId);
      const search = await loadSearchPostings(tx, storeId);
      return { rows: catalogue, orders, values, search };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Where each changed product now goes in each order: the ones that belong to it, in its order, each with
 * the nearest product before it that did not change (found by one index probe per product and order).
 */
async function loadPlacements(db: Db, storeId: number, changedIds: number[], currencies: string[]) {
  const changed = sql`${sql.param(changedIds)}::int[]`;
  const placements = new Map<SortKey, { id: number; after: number | null }[]>();
  const orders: [SortKey, SQL][] = [
    [
      "popular",
      sql`select c.id, (select q.id from ${products} q where q.store_id = c.store_id and q.is_published
            and (q.popularity, q.id) > (c.popularity, c.id) and q.id <> all(${changed})
            order by q.popularity, q.id limit 1) as after
          from ${products} c where c.id = any(${changed}) and c.store_id = ${storeId} and c.is_published
          order by c.popularity desc, c.id desc`,
    ],
    [
      "newest",
      sql`select c.id, (select q.id from ${products} q where q.store_id = c.store_id and q.is_published
            and (q.created_at, q.id) > (c.created_at, c.id) and q.id <> all(${changed})
            order by q.created_at, q.id limit 1) as after
          from ${products} c where c.id = any(${changed}) and c.store_id = ${storeId} and c.is_published
          order by c.created_at desc, c.id desc`,
    ],
    [
      "name",
      sql`select c.id, (select q.id from ${products} q where q.store_id = c.store_id and q.is_published
            and (q.name, q.id) < (c.name, c.id) and q.id <> all(${changed})
            order by q.name desc, q.id desc limit 1) as after
          from ${products} c where c.id = any(${changed}) and c.store_id = ${storeId} and c.is_published
          order by c.name, c.id`,
    ],
    ...currencies.map((currency): [SortKey, SQL] => [
      `price:${currency}`,
      sql`select c.product_id as id, (select q.product_id from ${productPriceIndex} q join ${products} qp on qp.id = q.product_id
            where q.currency_code = c.currency_code and qp.store_id = ${storeId} and qp.is_published
            and (q.min_amount, q.product_id) < (c.min_amount, c.product_id) and q.product_id <> all(${changed})
            order by q.min_amount desc, q.product_id desc limit 1) as after
          from ${productPriceIndex} c join ${products} p on p.id = c.product_id
          where c.currency_code = ${currency} and c.product_id = any(${changed}) and p.store_id = ${storeId} and p.is_published
          order by c.min_amount, c.product_id`,
    ]),
  ];
  for (const [key, query] of orders) placements.set(key, await rows<{ id: number; after: number | null }>(db, query));
  return placements;
}

/** What the index needs to follow a batch of changed products, as one consistent state. */
export async function loadProductChanges(db: Db, input: { storeId: number; changedIds: number[]; currencies: string[] }) {
  return db.transaction(
    async (tx) => {
      const changedRows = await loadRows(tx, { storeId: input.storeId, ids: input.changedIds });
      const currencies = [...new Set([...input.currencies, ...changedRows.prices.keys()])];
      const placements = await loadPlacements(tx, input.storeId, input.changedIds, currencies);
      const values = await loadFacetValues(tx, input.storeId);
      const searchRows = await loadSearchDocumentRows(tx, input.storeId, input.changedIds);
      return { changedIds: input.changedIds, rows: changedRows, placements, values, searchRows };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
