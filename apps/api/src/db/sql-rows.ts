import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Runs a raw statement and answers its rows, the same on node-postgres and PGlite. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
