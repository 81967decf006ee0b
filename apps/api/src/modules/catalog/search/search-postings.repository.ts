import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sqlRows } from "../../../db/sql-rows";
import { SearchPostingsBuilder, type SearchDocumentRow, type SearchPostings } from "./search-postings";
import { searchDocuments } from "./search.tables";

/*
 * What the in-memory posting lists (search-postings.ts) are built from: a store's search documents, most
 * popular first, their vectors as PostgreSQL's text. Called inside the catalogue index's loading transaction
 * (catalog-index.repository.ts), so the lists and the catalogue index see one state.
 */

/** Documents per fetch of a full load: a million documents are fifty round trips and no million row objects at once. */
const FETCH_SIZE = 20_000;

interface DocumentRecord {
  product_id: number;
  popularity: number;
  in_stock: boolean;
  title_key: string;
  document: string;
  prefixes: string;
}

const toRow = (record: DocumentRecord): SearchDocumentRow => ({
  productId: record.product_id,
  popularity: record.popularity,
  inStock: record.in_stock,
  titleKey: record.title_key,
  document: record.document,
  prefixes: record.prefixes,
});

const columns = sql`d.product_id, d.popularity, d.in_stock, d.title_key, d.document::text as document, d.prefixes::text as prefixes`;

/** Every search document of the store as posting lists. In the caller's transaction (a cursor needs one). */
export async function loadSearchPostings(tx: Db, storeId: number): Promise<SearchPostings> {
  const builder = new SearchPostingsBuilder();
  // The order the ranking needs: most popular first, then by product id (search.repository.ts's tie-breaks).
  await tx.execute(sql`declare search_postings_load no scroll cursor for
    select ${columns} from ${searchDocuments} d where d.store_id = ${storeId}
    order by d.popularity desc, d.product_id`);
  for (;;) {
    const batch = await sqlRows<DocumentRecord>(tx, sql.raw(`fetch forward ${FETCH_SIZE} from search_postings_load`));
    for (const record of batch) builder.add(toRow(record));
    if (batch.length < FETCH_SIZE) break;
  }
  await tx.execute(sql`close search_postings_load`);
  return builder.build();
}

/** The current documents of these products (none for a product without one). */
export async function loadSearchDocumentRows(db: Db, storeId: number, productIds: number[]): Promise<SearchDocumentRow[]> {
  if (productIds.length === 0) return [];
  const records = await sqlRows<DocumentRecord>(
    db,
    sql`select ${columns} from ${searchDocuments} d where d.store_id = ${storeId} and d.product_id = any(${sql.param(productIds)}::int[])`,
  );
  return records.map(toRow);
}
