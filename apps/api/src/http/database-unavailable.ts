import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { WorkAbandonedError } from "../db/query-cancellation";

/**
 * How long a caller should wait before trying again while the database is away. A restarting or failing-over
 * PostgreSQL is back within seconds, and the pool reconnects on the next call that needs it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that mean "the server cannot serve this connection now", not "this statement is wrong": class 08
 * (connection exception) is matched by its prefix, plus the server shutting down or starting up and a full
 * connection table.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_ctl stop -m fast, a failover
  "57P02", // crash_shutdown: another backend crashed and the server restarts
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
]);

/** Socket errors on the way to the server (refused, reset, unreachable, name not resolved). */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres reports a lost or unobtainable connection as a plain Error with no code, so its messages
 * are the only signal: "Connection terminated unexpectedly", "Connection terminated due to connection
 * timeout", "timeout exceeded when trying to connect" (connectionTimeoutMillis), "Client has encountered a
 * connection error and is not queryable", "Client was closed and is not queryable", and the pool refusing
 * work while the process shuts down.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function isUnavailableItself(error: Error): boolean {
  if (error instanceof pg.DatabaseError) {
    const code = error.code ?? "";
    return code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code);
  }
  const { code, syscall } = error as NodeJS.ErrnoException;
  // A Unix socket that is gone answers ENOENT to connect().
  if (typeof code === "string" && (NETWORK_ERROR_CODES.has(code) || syscall === "connect")) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * The error that says the database is unavailable, when `error` is or wraps one (Drizzle wraps driver
 * errors in a DrizzleQueryError whose message holds the SQL and its parameters, so log this instead;
 * connecting to a host with several addresses fails with an AggregateError of the attempts), else undefined.
 *
 * Only PostgreSQL's errors are looked for: socket errors count because the database is the one network peer
 * a request reaches. A client for another service (a payment gateway) must turn its own failures into
 * AppErrors rather than let them through raw.
 */
export function databaseUnavailableCause(error: unknown, depth = 0): Error | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  if (error instanceof DrizzleQueryError) return databaseUnavailableCause(error.cause, depth + 1);
  if (error instanceof AggregateError) {
    return error.errors.length > 0 && error.errors.every((inner) => databaseUnavailableCause(inner, depth + 1)) ? error : undefined;
  }
  // pg-pool's "Connection terminated due to connection timeout" carries the socket's error as its cause.
  return isUnavailableItself(error) ? error : undefined;
}

/**
 * What to log about a database error: its code and message only. node-postgres hangs the broken client on
 * errors from idle connections (`error.client`, whose connection parameters include the password), and
 * Drizzle's wrapper carries the SQL's parameters, so neither object goes to the log whole.
 */
export function summariseDatabaseError(error: unknown): { code?: string; message: string } {
  const cause = databaseUnavailableCause(error) ?? (error instanceof DrizzleQueryError ? error.cause : error);
  if (!(cause instanceof Error)) return { message: String(cause) };
  const code = (cause as NodeJS.ErrnoException).code;
  return typeof code === "string" ? { code, message: cause.message } : { message: cause.message };
}

/**
 * Whether `error` is, or wraps, a statement the server cancelled (SQLSTATE 57014: the statement timeout, or a
 * cancel sent when the request's client went away, db/client.ts) or one refused because its work was
 * abandoned. Neither is a bug in the statement: the same call may work when the database is less busy.
 */
export function isStatementCancelled(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error instanceof DrizzleQueryError) return isStatementCancelled(error.cause, depth + 1);
  if (error instanceof WorkAbandonedError) return true;
  // node-postgres's DatabaseError and PGlite's both carry the SQLSTATE as `code`.
  return (error as { code?: unknown }).code === "57014";
}

/** Whether `error` means the database is away (stopped, restarting, unreachable), not that a query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableCause(error) !== undefined;
}
