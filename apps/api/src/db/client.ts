import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { currentCancelSignal, runUncancellable, WorkAbandonedError } from "./query-cancellation";
import * as schema from "./schema";
import { markTransactions } from "./transaction-scope";

/** A Drizzle database or transaction over either driver. Repositories take this, never a global. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Hears a PostgreSQL server go away and come back, once each per outage. */
export interface ConnectionWatcher {
  /** A pooled connection broke (the server stopped, restarted or dropped it). */
  lost(error: Error): void;
  /** A new connection succeeded after a loss: calls that need the database work again. */
  restored(): void;
}

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
  /**
   * Reports losing and regaining the server, for the log: the pool recovers by itself. PGlite runs in this
   * process and cannot go away, so it never reports.
   */
  watchConnection(watcher: ConnectionWatcher): void;
  /** The pool's connections now (total, idle, calls waiting for one), for the metrics; PostgreSQL only. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Embedded only: the data directory as a tarball, which `loadDataDir` starts another database from. The API
   * tests migrate one database per run and start each file from its copy (testing/test-database-template.ts).
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, `dataDir` (or memory) holds an embedded PGlite. */
  url?: string;
  dataDir?: string;
  /** Embedded only: start from this copy of another database's data directory (see `dumpDataDir`). */
  loadDataDir?: Blob;
  maxConnections?: number;
  /** How long a call waits for a connection before it fails (CONNECTION_TIMEOUT_MS unless said otherwise). */
  connectionTimeoutMs?: number;
  /**
   * The server cancels any statement that runs longer (SQLSTATE 57014); 0 or absent: no limit. The API and the
   * worker set it from DATABASE_STATEMENT_TIMEOUT_MS (decision 030); migrations, the seed and the command-line
   * tools open the database without it. PGlite 0.5 accepts the setting but does not enforce it.
   */
  statementTimeoutMs?: number;
  /** Sees every SQL statement; used by tests that bound the number of queries a request makes. */
  onQuery?: (sql: string) => void;
}

/**
 * How long a call waits for a connection (a new one, or a free one from a full pool) before it fails. Without
 * it a call made while the server is unreachable, or while every connection is busy, waits for ever; with it
 * the call fails and answers 503 with Retry-After.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger: Logger | undefined = options.onQuery ? { logQuery: (query) => options.onQuery?.(query) } : undefined;

  const statementTimeoutMs = options.statementTimeoutMs && options.statementTimeoutMs > 0 ? options.statementTimeoutMs : undefined;
  if (options.url) {
    const connection = { connectionString: options.url, connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS };
    const pool = new CancellablePool({ ...connection, max: options.maxConnections ?? 10, statement_timeout: statementTimeoutMs }, (pid) =>
      cancelBackend(connection, pid),
    );
    const watchers: ConnectionWatcher[] = [];
    superviseConnections(pool, watchers);
    const db = markTransactions(drizzleNodePg({ client: pool, schema, casing: "snake_case", logger }));
    return {
      db: db as unknown as Db,
      kind: "postgres",
      close: () => pool.end(),
      watchConnection: (watcher) => void watchers.push(watcher),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  // PGlite creates its own folder but not missing parents (a fresh clone has no .data/).
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  // One session for the life of the process, so a SET holds for every later statement.
  if (statementTimeoutMs) await client.query(`set statement_timeout = ${Math.floor(statementTimeoutMs)}`);
  const db = markTransactions(drizzlePglite({ client, schema, casing: "snake_case", logger }));
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
    watchConnection: () => {},
    // Uncompressed: gzip makes the copy 8 times smaller but each load about 0.5 s slower.
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** Asks the database for nothing: resolves when it answers, rejects when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Keeps a broken connection from taking the process down or the pool's capacity with it.
 *
 * - A connection that breaks while idle in the pool makes the pool emit 'error'; an 'error' event nobody
 *   listens to throws, and the process exits. The pool has already dropped that connection.
 * - A connection that breaks while checked out (inside a transaction, between two statements) emits
 *   'error' on its client, where pg-pool listens only while it is idle: the same crash.
 * - drizzle-orm's transaction() runs BEGIN before the try/finally that releases its client, so a BEGIN on a
 *   connection that just broke leaves the client checked out for ever (drizzle-orm issues #6023, #6241) and
 *   each outage would shrink the pool until nothing could connect. A client that breaks while checked out
 *   is therefore handed back here, with its error so the pool discards it, and the caller's own release
 *   becomes a no-op.
 *
 * Watchers hear the first broken connection of an outage and the first new connection after it.
 */
function superviseConnections(pool: pg.Pool, watchers: ConnectionWatcher[]) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  let lost = false;
  const reportLost = (error: Error) => {
    if (lost) return;
    lost = true;
    for (const watcher of watchers) watcher.lost(error);
  };

  pool.on("error", reportLost);
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    if (lost) {
      lost = false;
      for (const watcher of watchers) watcher.restored();
    }
    client.on("error", (error) => {
      reportLost(error);
      if (!checkedOut.has(client)) return; // idle: the pool drops it and emits 'error' itself
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => {};
      release(error);
    });
  });
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool that cancels the statements of abandoned work (db/query-cancellation.ts: an HTTP read whose client went
 * away). Drizzle takes a connection for every statement through `connect()`: pool.query() outside a transaction
 * calls it with a callback, a transaction calls it to hold its client. Whatever connection work takes while a
 * cancel signal is current is watched until it is released: when the signal aborts, the statement running on it
 * is cancelled (`cancelStatement`, by the backend's process id), and work already abandoned gets no new
 * connection. The connection goes back to the pool only once the cancel has been delivered, so a late cancel
 * never reaches another caller's statement: the server ignores a cancel that finds its backend idle.
 */
class CancellablePool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly cancelStatement: (pid: number) => Promise<void>,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const signal = currentCancelSignal(); // read now: the callback may run in another caller's context
    if (!signal) return callback ? super.connect(callback) : super.connect();
    if (signal.aborted) {
      if (callback) return callback(new WorkAbandonedError(), undefined, () => {});
      return Promise.reject(new WorkAbandonedError());
    }
    if (callback) {
      return super.connect((error, client, done) => {
        if (client) this.watch(client, signal);
        callback(error, client, done);
      });
    }
    return super.connect().then((client) => this.watch(client, signal));
  }

  private watch(client: pg.PoolClient, signal: AbortSignal): pg.PoolClient {
    let cancelling: Promise<void> | undefined;
    const onAbort = () => {
      const pid = backendPid(client);
      if (pid !== undefined) cancelling = runUncancellable(() => this.cancelStatement(pid));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      signal.removeEventListener("abort", onAbort);
      if (cancelling) void cancelling.finally(() => release(error));
      else release(error);
    };
    return client;
  }
}

/** The server process behind a connection (node-postgres keeps it from the server's BackendKeyData, untyped). */
function backendPid(client: pg.PoolClient): number | undefined {
  const pid = (client as unknown as { processID?: unknown }).processID;
  return typeof pid === "number" ? pid : undefined;
}

/**
 * Cancels the statement running in server process `pid`, over a connection of its own: the pool may be full, and
 * the cancel must not wait behind the work it cancels. Best effort: the client that wanted the answer is gone, so
 * a cancel that fails (the server is away, the connection table full) costs only the statement running to its end.
 */
async function cancelBackend(connection: pg.ClientConfig, pid: number): Promise<void> {
  const client = new pg.Client(connection);
  client.on("error", () => {}); // a connection that breaks during the cancel is simply dropped
  try {
    await client.connect();
    await client.query("select pg_cancel_backend($1)", [pid]);
  } catch {
    // Best effort (above).
  } finally {
    await client.end().catch(() => {});
  }
}
