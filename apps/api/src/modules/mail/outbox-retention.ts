import type { Db } from "../../db/client";
import { deleteInBatches } from "../jobs/housekeeping";
import { deleteOldMessages } from "./outbox.repository";

/**
 * How long an outbox message (its recipient, its text) is kept: long past its delivery's last retry (about 8
 * hours) and the longest mail cap counted from it (a day, decisions 012 and 013), and long enough to answer
 * "did you send me that?" for a month. After that it is personal data nobody needs (decision 012).
 */
export const OUTBOX_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** Deletes outbox messages past their retention, the scheduled `purge-outbox` job; answers how many. */
export async function purgeOldOutboxMessages(db: Db): Promise<number> {
  return deleteInBatches((limit) => deleteOldMessages(db, OUTBOX_KEPT_SECONDS, limit));
}
