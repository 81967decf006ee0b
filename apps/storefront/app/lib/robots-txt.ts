/**
 * Areas that are one shopper's own (account, basket, checkout, sign-in, favourites): nothing there is worth
 * a crawler's time or a search result. Each is closed as the path itself and everything under it, but not
 * as a bare prefix, so a content page such as /authors or /cartography stays crawlable.
 */
const PRIVATE_AREAS = ["/account", "/checkout", "/cart", "/auth", "/favorites"];

/** /robots.txt (RFC 9309): everything may be crawled except the private areas; the sitemap, absolute. */
export function buildRobotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_AREAS.flatMap((area) => [`Disallow: ${area}$`, `Disallow: ${area}/`]),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`,
    "",
  ].join("\n");
}
