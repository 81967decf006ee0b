import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sqlRows } from "../../../db/sql-rows";
import { bylineOf } from "../catalog.repository";
import { products, productVariants } from "../catalog.tables";
import { searchDocuments, searchIndexPending, searchWords } from "./search.tables";

/*
 * The search index's writes (decision 035): products are queued in search_index_pending by the transaction
 * that changed them, and the search-index job takes them in batches and writes their documents and words.
 */

/**
 * A text folded as exact-title comparison sees it: lower case, every run of anything but letters and digits
 * one space, trimmed ("The Salt-Marsh Murders!" and "the salt marsh murders" are one key). The same SQL for
 * the stored title and the shopper's text, so they cannot disagree.
 */
export const searchKey = (text: SQL) => sql`btrim(regexp_replace(lower((${text})::text), '[^[:alnum:]]+', ' ', 'g'))`;

/** Queues these products' documents to be written again; in the caller's transaction. */
export async function queueForIndexing(db: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    insert into ${searchIndexPending} (product_id, store_id)
    select p.id, p.store_id from ${products} p where p.id = any(${sql.param(productIds)}::int[])
    on conflict (product_id) do nothing`);
}

/** Queues the products of these variants (a stock change), in the caller's transaction. */
export async function queueVariantsForIndexing(db: Db, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db.execute(sql`
    insert into ${searchIndexPending} (product_id, store_id)
    select distinct v.product_id, v.store_id from ${productVariants} v where v.id = any(${sql.param(variantIds)}::int[])
    on conflict (product_id) do nothing`);
}

/** Queues every product of a store: a full rebuild, done by the same job in the same batches. */
export async function queueStoreForIndexing(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`
    insert into ${searchIndexPending} (product_id, store_id)
    select p.id, p.store_id from ${products} p where p.store_id = ${storeId}
    on conflict (product_id) do nothing`);
}

/** The stores with products waiting to be indexed. */
export async function listStoresWithPending(db: Db): Promise<number[]> {
  const found = await sqlRows<{ store_id: number }>(db, sql`select distinct store_id from ${searchIndexPending}`);
  return found.map((row) => row.store_id);
}

/** Every word of a document (title, authors, series, subtitle, description), not stemmed: its vocabulary. */
const documentWords = sql`tsvector_to_array(d.prefixes || to_tsvector('simple'::regconfig, d.body))`;

/**
 * Takes up to `limit` queued products of a store (rows another worker holds are skipped) and writes their
 * documents: a published product's is inserted or replaced, any other's deleted. Its title, author and series
 * words, and its description's, join the vocabulary. In the caller's transaction, so a failure leaves them queued. Answers the
 * products taken.
 */
export async function indexPendingBatch(db: Db, storeId: number, limit: number): Promise<number[]> {
  const taken = await sqlRows<{ product_id: number }>(
    db,
    sql`
      delete from ${searchIndexPending} where product_id in (
        select product_id from ${searchIndexPending} where store_id = ${storeId}
        order by product_id limit ${limit} for update skip locked)
      returning product_id`,
  );
  const ids = taken.map((row) => row.product_id);
  if (ids.length === 0) return ids;
  const idList = sql`${sql.param(ids)}::int[]`;
  await db.execute(sql`
    delete from ${searchDocuments} d where d.product_id = any(${idList})
      and not exists (select 1 from ${products} p where p.id = d.product_id and p.is_published)`);
  await db.execute(sql`
    insert into ${searchDocuments} as d (product_id, store_id, title, title_key, authors, series, body, codes, in_stock, popularity, indexed_at)
    select p.id, p.store_id, p.name, ${searchKey(sql`p.name`)},
      ${bylineOf},
      p.series,
      concat_ws(' ', nullif(p.subtitle, ''), nullif(p.description, '')),
      array(select upper(v.sku) from ${productVariants} v where v.product_id = p.id
        union all select v.isbn from ${productVariants} v where v.product_id = p.id and v.isbn is not null),
      exists (select 1 from ${productVariants} v where v.product_id = p.id and v.stock_quantity > 0),
      p.popularity, now()
    from ${products} p where p.id = any(${idList}) and p.is_published
    on conflict (product_id) do update set title = excluded.title, title_key = excluded.title_key, authors = excluded.authors,
      series = excluded.series, body = excluded.body, codes = excluded.codes, in_stock = excluded.in_stock,
      popularity = excluded.popularity, indexed_at = excluded.indexed_at`);
  // New words are correctable at once; their document counts are recounted by refreshVocabulary.
  await db.execute(sql`
    insert into ${searchWords} (store_id, word, documents)
    select ${storeId}, w.word, 1
    from ${searchDocuments} d, unnest(${documentWords}) as w(word)
    where d.product_id = any(${idList}) and length(w.word) between 3 and 40 and w.word !~ '^[0-9]+$'
    group by w.word
    on conflict (store_id, word) do nothing`);
  return ids;
}

/**
 * Recounts a store's vocabulary from its documents: each word's number of documents, and words no document
 * has any more removed. One pass over the store's documents; run after a rebuild and on a schedule.
 */
export async function refreshVocabulary(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`
    with counted as (
      select w.word, count(*)::int as documents
      from ${searchDocuments} d, unnest(${documentWords}) as w(word)
      where d.store_id = ${storeId} and length(w.word) between 3 and 40 and w.word !~ '^[0-9]+$'
      group by w.word),
    removed as (
      delete from ${searchWords} s where s.store_id = ${storeId} and not exists (select 1 from counted c where c.word = s.word))
    insert into ${searchWords} (store_id, word, documents)
    select ${storeId}, c.word, c.documents from counted c
    on conflict (store_id, word) do update set documents = excluded.documents
      where ${searchWords}.documents is distinct from excluded.documents`);
}
