// Housekeeping: the scheduled jobs that delete what a module no longer needs (job-catalogue.ts). Each module
// writes its own retention rule (what is past it, and how to delete one batch of it); this file only says
// how a rule is run: in small batches, each its own short statement, so a clean-up that finds a million
// rows never holds their locks, or a long transaction, while shoppers write to the same table.

/** Rows deleted per statement: small enough for a short lock, large enough to finish in few rounds. */
export const HOUSEKEEPING_BATCH_SIZE = 1000;

/**
 * Deletes with `deleteBatch` (at most `limit` rows a call, answering how many it deleted) until a batch
 * comes back short, and answers the total deleted.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize = HOUSEKEEPING_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
