import type { Db } from "../../../db/client";
import { PRODUCT_IDS_PER_EVENT, type DomainEvent } from "../../jobs/domain-events";
import { publishEvent } from "../../jobs/job-queue";
import * as index from "./search-index.repository";
import { listStoreIds } from "../../stores/stores.service";

/*
 * Keeping the search index (decision 035). A product's transaction queues it (search_index_pending); the
 * search-index job, queued by the same transaction's product.changed event, writes the documents of every
 * queued product of the store in batches, each batch a transaction of its own that publishes what it wrote.
 * Never in a request.
 */

/**
 * Products per transaction: large enough for set-based writes, small enough to hold locks briefly, and no
 * more than one event names (the batch's search.documents_written).
 */
const BATCH_SIZE = PRODUCT_IDS_PER_EVENT;

/**
 * Writes the documents of a store's queued products until none is left; answers how many were written. Each
 * batch publishes search.documents_written in its transaction: every process's catalogue index, which keeps
 * the documents' words in memory (search-postings.ts), reads them again when it commits (decision 044).
 */
export async function indexQueuedProducts(db: Db, storeId: number): Promise<number> {
  let written = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const productIds = await index.indexPendingBatch(tx, storeId, BATCH_SIZE);
      if (productIds.length > 0) await publishEvent(tx, { type: "search.documents_written", storeId, productIds });
      return productIds.length;
    });
    written += taken;
    if (taken < BATCH_SIZE) return written;
  }
}

/** The search-index job: a product of the store changed (and was queued by its transaction). */
export async function onProductChanged(db: Db, event: DomainEvent<"product.changed">): Promise<void> {
  await indexQueuedProducts(db, event.storeId);
}

/** The search-index-stock job: in-stock products rank first, so a product whose stock came or went is written again. */
export async function onStockChanged(db: Db, event: DomainEvent<"stock.changed">): Promise<void> {
  if (event.previousQuantity > 0 === event.quantity > 0) return;
  await index.queueVariantsForIndexing(db, [event.variantId]);
  await indexQueuedProducts(db, event.storeId);
}

/**
 * Writes a whole store's documents again, and recounts its vocabulary: what the seed runs after loading a
 * catalogue, and `npm run search -- rebuild` after a bulk change that went around the catalogue's writer.
 */
export async function rebuildStoreIndex(db: Db, storeId: number): Promise<number> {
  await index.queueStoreForIndexing(db, storeId);
  const written = await indexQueuedProducts(db, storeId);
  await index.refreshVocabulary(db, storeId);
  return written;
}

/** The scheduled sweep: every store's queued products, whatever queued them. */
export async function indexAllQueuedProducts(db: Db): Promise<void> {
  for (const storeId of await index.listStoresWithPending(db)) await indexQueuedProducts(db, storeId);
}

/** The scheduled recount of every store's vocabulary (document counts drift as products change). */
export async function refreshAllVocabularies(db: Db): Promise<void> {
  for (const storeId of await listStoreIds(db)) await index.refreshVocabulary(db, storeId);
}
