/** sitemaps.org limits: at most 50,000 URLs per file; beyond that, more files listed in the index. */
export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** W3C datetime of the last change, when known. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

function lastmodOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = lastmodOf(entry.lastmod);
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</${tag}>`;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A <urlset> document. Refuses more entries than one sitemap file may hold. */
export function buildUrlSet(entries: SitemapEntry[]): string {
  if (entries.length > MAX_URLS_PER_SITEMAP) throw new RangeError(`A sitemap holds at most ${MAX_URLS_PER_SITEMAP} URLs`);
  return `${HEAD}<urlset ${NS}>\n${entries.map((entry) => entryXml("url", entry)).join("\n")}\n</urlset>\n`;
}

/** A <sitemapindex> document listing sitemap files. */
export function buildSitemapIndex(entries: SitemapEntry[]): string {
  return `${HEAD}<sitemapindex ${NS}>\n${entries.map((entry) => entryXml("sitemap", entry)).join("\n")}\n</sitemapindex>\n`;
}

/** An XML answer; crawlers may cache it for an hour. */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** Absolute URL of a site path, from the request's own origin. */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}
