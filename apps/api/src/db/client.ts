import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

/** A Drizzle database or transaction over either driver. Repositories take this, never a global. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, `dataDir` (or memory) holds an embedded PGlite. */
  url?: string;
  dataDir?: string;
  maxConnections?: number;
  /** Sees every SQL statement; used by tests that bound the number of queries a request makes. */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger: Logger | undefined = options.onQuery
    ? { logQuery: (query) => options.onQuery?.(query) }
    : undefined;

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
    });
    const db = drizzleNodePg({ client: pool, schema, casing: "snake_case", logger });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }

  // PGlite creates its own folder but not missing parents (a fresh clone has no .data/).
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}
