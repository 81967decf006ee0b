import { createHmac } from "node:crypto";
import path from "node:path";
import { z } from "zod";

/** The only place that reads process.env. Validated once at start-up; a bad value stops the process. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    API_HOST: z.string().default("127.0.0.1"),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    /** PostgreSQL server. Without it an embedded PostgreSQL (PGlite) under DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Optional read replica for catalogue reads. */
    DATABASE_READ_URL: z.string().url().optional(),
    /**
     * The longest a statement of the API or the worker may run before the server cancels it (0: no limit). A
     * request whose statement is cancelled answers 503 with Retry-After. Migrations, the seed and the command-line
     * tools run without it (decision 030).
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    DATA_DIR: z.string().default(".data"),
    /** Comma-separated API keys a caller may send in the API-Key header. */
    API_KEYS: z
      .string()
      .default("quire-demo-api-key")
      .transform((value) =>
        value
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(8)).min(1)),
    /**
     * Comma-separated keys a merchant's tool sends in the Admin-Key header to use the admin API (orders:
     * shipping, delivery, cancellation). Unset: a public development key outside production; none in production,
     * where the admin API then refuses every call.
     */
    ADMIN_API_KEYS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(16, "Admin keys need at least 16 characters"))),
    /**
     * The bearer token Prometheus sends to read GET /metrics (at least 16 characters). Unset: no metrics are served,
     * as they tell how many orders and payments the shop has.
     */
    METRICS_TOKEN: z.string().min(16, "The metrics token needs at least 16 characters").optional(),
    /** Seconds product totals and facet counts stay cached in each API process (0 turns it off). */
    CATALOG_COUNTS_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * Whether each API process keeps an in-memory catalogue index per store (decision 028) that answers product
     * lists and facet counts without search text: "on", or "off" for SQL only.
     */
    CATALOG_INDEX: z.enum(["on", "off"]).default("on"),
    /**
     * Signs customers' access tokens. Required in production (`npm start` creates one under DATA_DIR on first
     * run); development and tests fall back to a fixed, public value.
     */
    AUTH_TOKEN_SECRET: z.string().min(32).optional(),
    /**
     * Signs the order links in order emails (security/order-links.ts, decision 041). The API and the job worker
     * must share it. Unset: one made from AUTH_TOKEN_SECRET (so production needs nothing new); changing it
     * ends every link already sent.
     */
    ORDER_LINK_SECRET: z.string().min(32).optional(),
    /**
     * How long a request holds its Idempotency-Key (decision 018) before a retry may take it over: the time a
     * shopper waits after a process died mid-request. Longer than any request runs.
     */
    IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How long a sign-in lasts. */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** SMTP server for outgoing mail (smtp://user:pass@host:port). Unset: messages and their links are printed. */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default("Quire Books <shop@quire.example>"),
    /** Public address of the storefront, for links in emails. */
    STOREFRONT_URL: z.string().url().default("http://localhost:3000"),
    /** Public address of the back office, for the links in staff invitations. */
    BACK_OFFICE_URL: z.string().url().default("http://localhost:3001"),
    /** How often the job worker looks for due jobs (mail to send, notices to queue) when it has none. */
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * On SIGTERM or SIGINT the API and the worker take no new work and finish what is in flight for at most this
     * long; then they exit anyway, with code 1 (shutdown.ts). Keep it below the supervisor's own limit (30 s in
     * Kubernetes, 10 s in Docker) so the process, not a SIGKILL, decides what is cut off.
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(8),
    /**
     * The longest a client may take to send a request's headers, and its whole request (http/edge-limits.ts): a
     * slower one is answered 408 `request_timeout` and disconnected. The storefront's settings of the same names
     * say the same.
     */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /**
     * Whether the API's process also runs the background jobs (mail, notices, housekeeping): "on", or "off" when
     * they run in workers of their own (`npm run worker --workspace @quire/api`), which need DATABASE_URL.
     */
    JOBS_WORKER: z.enum(["on", "off"]).default("on"),
    /**
     * The worker process (worker.ts) answers GET /health and /health/ready on this port (on API_HOST's address);
     * unset: it serves nothing.
     */
    WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /**
     * Whether the API sits behind a proxy whose X-Forwarded-For to believe for the client address (sign-in
     * throttling counts per address): "true" (any), a number of hops, or comma-separated proxy addresses or
     * CIDR ranges. Unset or "false": the socket address, which a client cannot forge.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
        const trimmed = value?.trim() ?? "";
        if (trimmed === "" || trimmed === "false") return false;
        if (trimmed === "true") return true;
        if (/^\d+$/.test(trimmed)) {
          const hops = Number(trimmed);
          return (_address, hop) => hop < hops;
        }
        return trimmed
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
      }),
    /** Stripe's secret key and webhook signing secret: card payments are offered once both are set. */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Another Stripe API host (Quire's payment sandbox); unset: Stripe itself. */
    STRIPE_API_URL: z.string().url().optional(),
    /** PayPal's REST app credentials and webhook id: PayPal is offered once all three are set. */
    PAYPAL_CLIENT_ID: z.string().min(4).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(4).optional(),
    PAYPAL_WEBHOOK_ID: z.string().min(4).optional(),
    /** PayPal's API host: live by default; https://api-m.sandbox.paypal.com for PayPal's sandbox, or Quire's. */
    PAYPAL_API_URL: z.string().url().default("https://api-m.paypal.com"),
    /** Adyen's Checkout API key, merchant account and webhook HMAC key (hex): Adyen is offered once all three are set. */
    ADYEN_API_KEY: z.string().min(8).optional(),
    ADYEN_MERCHANT_ACCOUNT: z.string().min(2).optional(),
    ADYEN_HMAC_KEY: z
      .string()
      .regex(/^([0-9a-fA-F]{2})+$/, "ADYEN_HMAC_KEY is the hex key the Customer Area shows")
      .optional(),
    /** Adyen's Checkout endpoint: its test one by default; the live prefix URL Adyen gives, or Quire's sandbox. */
    ADYEN_API_URL: z.string().url().default("https://checkout-test.adyen.com"),
    /** Mollie's API key and webhook signing secret: Mollie is offered once both are set. */
    MOLLIE_API_KEY: z.string().min(8).optional(),
    MOLLIE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Where Mollie calls the shop (the API's public address + /webhooks/mollie); unset, Mollie sends no webhooks. */
    MOLLIE_WEBHOOK_URL: z.string().url().optional(),
    MOLLIE_API_URL: z.string().url().default("https://api.mollie.com"),
    /**
     * Where product images are kept (decision 054): "local", files under MEDIA_DIR on this machine; or "s3", an
     * S3-compatible object store (S3_BUCKET and the rest), which every API machine shares.
     */
    MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
    /** The folder of local image files; unset: `media` under DATA_DIR. */
    MEDIA_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** An S3-compatible store's address (MinIO, Ceph, a cloud's own); unset: Amazon S3. */
    S3_ENDPOINT: z.string().url().optional(),
    /** Unset: the AWS SDK's usual sources (environment, profile, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** "true" for stores that want the bucket in the path (most S3-compatible servers), not in the host name. */
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    /** A folder inside the bucket for the shop's images, such as `quire/`. */
    S3_PREFIX: z.string().max(200).default(""),
    /**
     * Whether an import may fetch image URLs on private, loopback and link-local addresses: "refuse" (the default,
     * so a file cannot make the API reach into its own network) or "allow", for tests and closed networks only.
     */
    IMAGE_FETCH_PRIVATE_ADDRESSES: z.enum(["refuse", "allow"]).default("refuse"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => env.MEDIA_STORAGE === "local" || env.S3_BUCKET, {
    message: "MEDIA_STORAGE=s3 needs S3_BUCKET",
    path: ["S3_BUCKET"],
  })
  .refine((env) => env.JOBS_WORKER === "on" || env.DATABASE_URL, {
    // The embedded database belongs to the API's process: no other process could run its jobs, so mail would
    // wait for ever.
    message: "JOBS_WORKER=off needs DATABASE_URL: with the embedded database only the API's process can run the jobs",
    path: ["JOBS_WORKER"],
  });

export type Env = z.infer<typeof EnvSchema>;

/** Public and known to everyone: fine for development and tests, refused in production. */
const DEVELOPMENT_TOKEN_SECRET = "quire-development-token-secret-not-for-production";

/** The token secret in force, refusing the development fallback in production. */
export function resolveTokenSecret(env: Env): string {
  if (env.AUTH_TOKEN_SECRET) return env.AUTH_TOKEN_SECRET;
  if (env.NODE_ENV === "production") throw new Error("AUTH_TOKEN_SECRET must be set in production (32 characters or more)");
  return DEVELOPMENT_TOKEN_SECRET;
}

/**
 * The secret order links are signed with: ORDER_LINK_SECRET, or one made from the token secret in force (an
 * HMAC of it under a fixed label, so the two keys never sign each other's tokens).
 */
export function resolveOrderLinkSecret(env: Env): string {
  if (env.ORDER_LINK_SECRET) return env.ORDER_LINK_SECRET;
  return createHmac("sha256", resolveTokenSecret(env)).update("quire-order-links", "utf8").digest("base64url");
}

/** Public and known to everyone: the demo's admin key, refused in production. */
export const DEVELOPMENT_ADMIN_KEY = "quire-demo-admin-key";

/** The admin keys in force: those set, or the development key outside production. */
export function resolveAdminKeys(env: Env): string[] {
  if (env.ADMIN_API_KEYS.length > 0) return env.ADMIN_API_KEYS;
  return env.NODE_ENV === "production" ? [] : [DEVELOPMENT_ADMIN_KEY];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

/** The repository root, so `.data/` lands in one place whichever workspace a command runs from. */
export function resolveDataDir(env: Env): string {
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  return path.isAbsolute(env.DATA_DIR) ? env.DATA_DIR : path.join(root, env.DATA_DIR);
}
