import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import * as schema from "./schema";
import { sqlRows } from "./sql-rows";

/** Every table of Quire's schema (schema.ts), for maintenance that concerns them all. */
export const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

const tableList = (tables: PgTable[]) =>
  sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );

/**
 * VACUUM (ANALYZE) of these tables, after a bulk load: fresh planner statistics (without them the planner guesses
 * from an empty table, and chose plans 10 times slower on the large catalogue's facets) and a visibility map
 * (without it no scan can be index-only, and deep pages fetched 8 heap rows per row shown). VACUUM cannot run
 * inside a transaction: pass the database, never a transaction. Autovacuum would get there in time on a server
 * where it is on; PGlite has no autovacuum at all.
 */
export async function vacuumAnalyze(db: Db, tables: PgTable[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql`vacuum (analyze) ${tableList(tables)}`);
}

/**
 * ANALYZE of these tables, after a large change that is not a load (a clean-up that deleted many rows), so the
 * planner's row counts follow. Unlike VACUUM, it may run inside a transaction, and it reads a sample, not the table.
 */
export async function analyzeTables(db: Db, tables: PgTable[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql`analyze ${tableList(tables)}`);
}

/**
 * The share of a table's rows that must have changed since its last ANALYZE before `analyzeChangedTables`
 * analyses it again, plus a floor for small tables: autovacuum's own rule (10%), with a floor of 1,000 rows
 * rather than its 50, since an hourly job has time to wait for real change.
 */
export const ANALYZE_CHANGED_FRACTION = 0.1;
export const ANALYZE_CHANGED_MINIMUM = 1000;

/**
 * ANALYZE of every Quire table whose rows changed by more than ANALYZE_CHANGED_FRACTION (and at least
 * ANALYZE_CHANGED_MINIMUM rows) since it was last analysed: the scheduled `refresh-table-statistics` job, for
 * what writes in bulk after the seed (orders, baskets, views, the housekeeping's deletes). It does what
 * autovacuum's analyze does, which PGlite lacks and a server may have switched off; where autovacuum runs, it
 * finds little left to do. Answers the tables it analysed.
 */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const quireTables = new Map(ALL_TABLES.map((table) => [getTableName(table), table]));
  // Each session reports its row counts to the server's statistics when it goes idle, at most once a second;
  // PGlite's one session may hold a second's worth unreported. Report them now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = await sqlRows<{ name: string }>(
    db,
    sql`select relname as name from pg_stat_user_tables
      where schemaname = 'public'
        and n_mod_since_analyze > ${ANALYZE_CHANGED_MINIMUM} + ${ANALYZE_CHANGED_FRACTION}::float8 * n_live_tup
      order by relname`,
  );
  const due = rows.map((row) => row.name).filter((name) => quireTables.has(name));
  await analyzeTables(
    db,
    due.map((name) => quireTables.get(name)!),
  );
  return due;
}
