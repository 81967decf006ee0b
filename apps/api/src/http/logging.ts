import { isIP } from "node:net";
import type { FastifyServerOptions } from "fastify";

// What the API writes to its log, and what it never writes: request logs carry no bearer secrets (anonymous
// cart ids, emailed-link tokens, sign-in tokens, cookies) and no personal data, and an error log carries the
// kind of failure, never the values that caused it. A failed SQL statement's parameters are customers'
// names and addresses, and PostgreSQL's `detail` repeats them ("Key (email)=(ada@example.com) exists").

const REDACTED = "[redacted]";

/**
 * Query parameters whose values are secrets or personal data, whatever the route. A search text is what a
 * shopper typed (a name, an address, a health condition): the log says a search ran, not what it was for.
 */
const SECRET_QUERY_KEYS = /^(anonymousid|token|email|password|secret|key|code|searchtext)$/i;

/**
 * Path segments that are secrets: the guest cart id in PUT /baskets/:id/merge. Emailed-link tokens travel in
 * bodies, never paths, so they have no pattern here; a route that takes a secret in its path adds one.
 */
const SECRET_PATHS: RegExp[] = [/^(\/baskets\/)[^/?]+(\/merge)/i];

/** `url` with secret path segments and secret query values replaced, for a log line. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}$2`);
  if (path.length > 300) path = `${path.slice(0, 300)}…`;
  if (queryAt === -1) return path;

  const query = url
    .slice(queryAt + 1)
    .split("&")
    .slice(0, 30)
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      let key: string;
      try {
        key = decodeURIComponent(rawKey);
      } catch {
        key = rawKey;
      }
      // Indexed parameters (Filters[0][Values][0]) are judged by their name.
      const name = key.replace(/\[.*$/, "");
      if (equals === -1) return rawKey.slice(0, 100);
      const value = SECRET_QUERY_KEYS.test(name) ? REDACTED : pair.slice(equals + 1, equals + 1 + 100);
      return `${rawKey.slice(0, 100)}=${value}`;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * The network a client address belongs to, not the address: enough to see abuse from one network in a log,
 * not enough to name a household (IPv4 to /24, IPv6 to /48, as analytics tools anonymise them).
 */
export function anonymiseAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return `${plain.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIP(plain) === 6) {
    const [head = ""] = plain.split("::");
    const groups = head.split(":").filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push("0");
    return `${groups.join(":")}::/48`;
  }
  return undefined;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  /** SQLSTATE, or a Node error code such as ECONNREFUSED. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SerializedError;
};

/** Quoted values in a database message (`invalid input syntax for type integer: "abc"`) are input, not facts. */
function withoutQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, "(…)=(…)");
}

/**
 * An error as the log keeps it: its kind, its message and where it happened, with a failed query's
 * parameters and the database's `detail` left out. A Drizzle query error keeps the SQL text (placeholders
 * only, no values); a database error keeps its SQLSTATE and the constraint, table and column it names.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "A non-error value was thrown", stack: "" };
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; query?: unknown };
  const isQueryError = error.name === "DrizzleQueryError" || typeof fields.query === "string";
  const message = isQueryError
    ? `Failed query: ${String(fields.query).slice(0, 2000)}`
    : typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)
      ? withoutQuotedValues(error.message)
      : error.message;
  // The stack's first line repeats the message, which for a failed query lists its parameters.
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = { type: error.name, message, stack: [`${error.name}: ${message}`, ...frames].join("\n") };
  if (typeof fields.code === "string") serialized.code = fields.code;
  if (typeof fields.constraint === "string") serialized.constraint = fields.constraint;
  if (typeof fields.table === "string") serialized.table = fields.table;
  if (typeof fields.column === "string") serialized.column = fields.column;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Pino options for the API's logger: the serializers above and no headers, cookies or bodies at all. */
export function apiLoggerOptions(options: Exclude<FastifyServerOptions["logger"], boolean | undefined>) {
  return {
    ...options,
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), network: anonymiseAddress(request.ip) }),
      err: serializeError,
    },
  };
}
