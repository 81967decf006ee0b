/**
 * Icons from an icon service (docs/storefront-behaviour/interface.md), for a shop that configures one. Quire ships its
 * icons (components/ui/icon-paths.ts) and needs no service; with ICON_SERVICE_URL set, the storefront asks the service
 * for the same icon names in the set ICON_SERVICE_PREFIX names, by the Iconify API's shape
 * (`GET {url}/{prefix}.json?icons=a,b` answering `{ prefix, icons: { name: { body, width?, height? } }, width?, height? }`),
 * and serves them as the pages' sprite (routes/icon-sprite.ts). The limits: an answer is kept 168 hours, at most 50
 * answers, and a request given up after 5 s. An icon the service does not have, or sends in a form this module does not
 * trust, and every icon while the service fails, is the shipped one.
 */
import { LRUCache } from "lru-cache";
import { z } from "zod";

export const ICON_CACHE_TTL_MS = 168 * 60 * 60 * 1000;
export const ICON_CACHE_MAX_ENTRIES = 50;
export const ICON_REQUEST_TIMEOUT_MS = 5000;

/** One icon as the sprite draws it: its SVG body (the inside of an <svg>) and its view box. */
export interface ServiceIcon {
  body: string;
  width: number;
  height: number;
}

const IconSetSchema = z.object({
  icons: z.record(
    z.string(),
    z.object({ body: z.string().max(20_000), width: z.number().positive().optional(), height: z.number().positive().optional() }),
  ),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});

/**
 * The shapes and drawing attributes an icon body may use. The sprite is served from the shop's own origin, so a
 * body is drawn only if every tag and attribute in it is one of these: no script, no link, no event handler, no
 * foreign content, whatever the service sends.
 */
const ALLOWED_TAGS = new Set(["g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon"]);
const ALLOWED_ATTRIBUTES = new Set([
  "d",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "width",
  "height",
  "points",
  "fill",
  "fill-rule",
  "fill-opacity",
  "clip-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-miterlimit",
  "opacity",
  "transform",
]);
const TAG = /<\s*(\/?)\s*([a-zA-Z][\w:-]*)([^<>]*?)(\/?)\s*>/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*("[^"<>]*"|'[^'<>]*')/g;

/** True when `body` is made only of allowed shapes and attributes, with quoted values and nothing between tags. */
export function isSafeIconBody(body: string): boolean {
  for (const [, , tag, attributes] of body.matchAll(TAG)) {
    if (!ALLOWED_TAGS.has(tag!.toLowerCase())) return false;
    const leftover = attributes!.replace(ATTRIBUTE, (whole, name: string, value: string) =>
      ALLOWED_ATTRIBUTES.has(name.toLowerCase()) && !/url\s*\(|javascript:/i.test(value) ? "" : whole,
    );
    if (leftover.trim() !== "") return false;
  }
  // No text, entities or comments between the tags: an icon is shapes only.
  return body.replace(TAG, "").trim() === "";
}

export interface IconService {
  /** The icons the service has for these names, safe to draw; empty when it fails or has none. */
  icons(names: readonly string[]): Promise<Map<string, ServiceIcon>>;
}

export function createIconService(options: {
  url: string;
  prefix: string;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string) => void;
}): IconService {
  const { url, prefix, fetch: fetchIcons = fetch, warn = console.warn } = options;
  const cache = new LRUCache<string, Map<string, ServiceIcon>>({
    max: ICON_CACHE_MAX_ENTRIES,
    ttl: ICON_CACHE_TTL_MS,
    // Read the clock at each look-up (no rounding of it between look-ups), the given one in tests.
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });

  async function load(names: readonly string[]): Promise<Map<string, ServiceIcon> | null> {
    const address = new URL(`${url.replace(/\/$/, "")}/${encodeURIComponent(prefix)}.json`);
    address.searchParams.set("icons", names.join(","));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer in ${ICON_REQUEST_TIMEOUT_MS} ms`)), ICON_REQUEST_TIMEOUT_MS);
    try {
      const response = await fetchIcons(address, { signal: controller.signal });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const set = IconSetSchema.parse(await response.json());
      const icons = new Map<string, ServiceIcon>();
      for (const name of names) {
        const icon = set.icons[name];
        if (!icon) continue;
        if (!isSafeIconBody(icon.body)) {
          warn(`[icons] ${prefix}:${name} from the icon service is not drawn: its SVG holds more than shapes.`);
          continue;
        }
        icons.set(name, { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 });
      }
      return icons;
    } catch (error) {
      // Not kept: the next page asks again, and meanwhile the shop's own icons are shown.
      warn(`[icons] The icon service failed (${error instanceof Error ? error.message : String(error)}); the shipped icons are used.`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async icons(names) {
      const key = [...names].sort().join(",");
      const cached = cache.get(key);
      if (cached) return cached;
      const loaded = await load(names);
      if (loaded === null) return new Map();
      cache.set(key, loaded);
      return loaded;
    },
  };
}
