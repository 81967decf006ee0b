import { LOG_LEVELS } from "./log.server";
import { z } from "zod";
import { InvalidTagManagerIdError, parseTagManagerId } from "~/lib/tag-manager-id";

/** An environment flag: "true" or "1" is on, anything else (or nothing) off. */
const Flag = z
  .string()
  .optional()
  .transform((value) => value === "true" || value === "1");

/** The storefront's configuration, read once from process.env and validated. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Where the commerce API listens. Only the storefront's server talks to it. */
    API_URL: z.string().url().default("http://127.0.0.1:4000"),
    /** Sent as the API-Key header; never reaches the browser. */
    API_KEY: z.string().min(8).default("quire-demo-api-key"),
    STORE_KEY: z.string().min(1).default("quire-demo"),
    /**
     * What the Idempotency-Keys sent to the API are made with (lib/idempotency-keys.server.ts), the same in every
     * storefront process of the shop. Unset: a secret made from API_KEY.
     */
    IDEMPOTENCY_KEY_SECRET: z.string().min(32).optional(),
    /** How long the redirect list, category tree and menu are kept in this process (search answers: at most 30 s). */
    CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /**
     * Public pages (no basket, no sign-in: decision 064). `memory`: each storefront process keeps them in memory and
     * answers them without a render, forgetting each as soon as the API says what it shows changed; they are marked
     * `public` with their surrogate keys for a shared cache in front too. `shared`: marked so for a shared cache in
     * front (Varnish, deploy/varnish), kept in no process's memory. `off`: every page is rendered, streamed and
     * `private, no-store` (the browser journeys run so, but for the cache's own).
     */
    PAGE_CACHE: z.enum(["memory", "shared", "off"]).default("memory"),
    /**
     * The shared caches in front (Varnish with deploy/varnish/quire.vcl), comma-separated URLs: each change the API
     * reports is passed on to each as one `PURGE` naming its surrogate keys (`xkey-purge`), everything when the API's
     * stream is lost or heard anew.
     */
    PAGE_CACHE_PURGE_URLS: z
      .string()
      .optional()
      .transform((value, context) => {
        const urls = (value ?? "")
          .split(",")
          .map((url) => url.trim())
          .filter(Boolean);
        for (const url of urls) {
          if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
            context.addIssue({ code: "custom", message: `must be http(s) URLs, comma-separated, not ${JSON.stringify(url)}` });
            return z.NEVER;
          }
        }
        return urls;
      }),
    /** The most memory the page cache takes, in megabytes (both compressed copies of every page kept). */
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(65_536).default(64),
    /** The least severe log lines written (JSON on standard output, lib/log.server.ts). */
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /**
     * On SIGTERM or SIGINT the server takes no new connections and finishes the requests in flight for at most
     * this long, then exits anyway, with code 1 (server.mjs). The API's setting of the same name says the same.
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(8),
    /**
     * The longest a client may take to send a request's headers (server.mjs): a slower one is answered 408 and
     * disconnected, so a client that trickles bytes cannot hold a connection for ever. The API's setting of the
     * same name says the same.
     */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
    /** The longest a client may take to send a whole request, headers and body; at least HEADERS_TIMEOUT_MS. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /**
     * The tag manager's container id (GTM- and uppercase letters or digits). Unset: no analytics at all. A
     * mistyped one stops the storefront at start, naming the corrected form to use
     * (docs/storefront-behaviour/consent-and-analytics.md).
     */
    TAG_MANAGER_ID: z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return undefined;
        try {
          return parseTagManagerId(value);
        } catch (error) {
          if (!(error instanceof InvalidTagManagerIdError)) throw error;
          context.addIssue({ code: "custom", message: error.message });
          return z.NEVER;
        }
      }),
    /** The tag manager's script; the container id is added as its `id` query parameter. */
    TAG_MANAGER_SCRIPT_URL: z.string().url().default("https://www.googletagmanager.com/gtm.js"),
    /**
     * The shop is embedded on another site (an editor's preview, a partner's frame): the locale cookie is sent
     * SameSite=None and Secure so that it survives there.
     */
    CROSS_ORIGIN_COOKIES: Flag,
    /**
     * The origin of an editor that shows the shop in its preview frame, e.g.
     * https://editor.example. Unset: no site may frame the shop. Set: the CSP's frame-ancestors names exactly it,
     * and inside its frame the shop's clicks are switched off except in the editor controls area.
     */
    EDITOR_PREVIEW_ORIGIN: z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return undefined;
        const origin = parseOrigin(value);
        if (origin === null) {
          context.addIssue({ code: "custom", message: `must be an origin such as https://editor.example, not ${JSON.stringify(value)}` });
          return z.NEVER;
        }
        return origin;
      }),
    /**
     * An icon service (Iconify's API, e.g. https://api.iconify.design) to draw the shop's icons from, and the icon
     * set to ask it for (e.g. lucide). Unset: the icons that ship with Quire, and nothing is fetched.
     */
    ICON_SERVICE_URL: z.string().url().optional(),
    ICON_SERVICE_PREFIX: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be an icon set's prefix such as lucide")
      .optional(),
  })
  .refine((env) => env.ICON_SERVICE_URL === undefined || env.ICON_SERVICE_PREFIX !== undefined, {
    message: "ICON_SERVICE_PREFIX must name the icon set to use when ICON_SERVICE_URL is set",
    path: ["ICON_SERVICE_PREFIX"],
  });

/**
 * `value` as an origin (scheme, host and port, nothing more) when it is exactly one: an http(s) URL with no
 * path, query, fragment or credentials; else null. A trailing slash is forgiven.
 */
export function parseOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  // new URL() keeps "http://a.example?" as an empty search; only the plain form (with or without "/") passes.
  return value.replace(/\/$/, "").toLowerCase() === url.origin ? url.origin : null;
}

export type StorefrontEnv = z.infer<typeof EnvSchema>;

let cached: StorefrontEnv | undefined;
export function getEnv(): StorefrontEnv {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid storefront environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}
