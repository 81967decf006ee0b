import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/*
 * Hot reads as named prepared statements, so the server parses each once per connection and, after PostgreSQL's
 * first five executions, reuses a generic plan instead of planning every call whenever that plan costs no more
 * than the custom ones (planning was two thirds of a product page's database time; decision 030). Values go in
 * as `sql.placeholder("name")` and are given to `execute`. node-postgres sends the name: Parse once per
 * connection, then Bind and Execute. PGlite's driver has no named statements and runs them unnamed, planned per
 * call, as before.
 *
 * Each name must belong to one SQL text: node-postgres refuses a second text under a name it has prepared on a
 * connection. A statement whose text varies with its input (a list of conditions) is not one to prepare.
 */

/**
 * A prepared query made once per database or transaction object (it holds that object's connection or pool):
 * `prepare` builds it with Drizzle's query builder and `.prepare(name)`.
 */
export function preparedPerDatabase<P>(prepare: (db: Db) => P): (db: Db) => P {
  const perDatabase = new WeakMap<Db, P>();
  return (db) => {
    let prepared = perDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      perDatabase.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * A raw statement (`query`, with placeholders) prepared under `name`, answering its rows as objects with these
 * `columns`. Drizzle prepares query builders only, so it runs as `select <columns> from (<query>) q`, which the
 * planner flattens into the query itself.
 */
export function preparedRows<Row extends object>(
  name: string,
  columns: readonly (keyof Row & string)[],
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const fields = Object.fromEntries(columns.map((column) => [column, sql.raw(`q."${column}"`)]));
  const statement = preparedPerDatabase((db) =>
    db
      .select(fields)
      .from(sql`(${query}) as q`)
      .prepare(name),
  );
  return async (db, values) => (await statement(db).execute(values)) as Row[];
}
