import { request } from "node:http";
import path from "node:path";
import { gzipSizeOf, pageScripts, readClientManifest } from "../../apps/storefront/tests/e2e/client-bundle";

/** The bytes a page's body takes on the wire: as it is, gzipped, and brotli-compressed when the server offers it. */
export async function htmlSizeOf(url: string): Promise<{ raw: number; gzip: number; brotli: number | null }> {
  const raw = await bodySize(url, {});
  const gzip = await bodySize(url, { "accept-encoding": "gzip" });
  const brotli = await bodySize(url, { "accept-encoding": "br" });
  if (gzip.encoding !== "gzip") throw new Error(`${url} is not gzipped when asked (${gzip.encoding})`);
  return { raw: raw.bytes, gzip: gzip.bytes, brotli: brotli.encoding === "br" ? brotli.bytes : null };
}

/** Counts a body's bytes as sent, without decoding it (fetch would decompress). */
function bodySize(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
        else resolve({ bytes, encoding: String(response.headers["content-encoding"] ?? "identity") });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The storefront's page types and the route of each in React Router's manifest (apps/storefront/app/routes.ts). */
export const PAGE_ROUTES = {
  home: "routes/home",
  category: "routes/store-category",
  product: "routes/store-product",
  cart: "cart",
  checkout: "checkout",
} as const;
export type PageType = keyof typeof PAGE_ROUTES;

/** Gzipped bytes of the scripts each page type loads, from the storefront's client build. */
export function clientScriptSizes(storefrontDir: string): Record<PageType, number> {
  const clientDir = path.join(storefrontDir, "build", "client");
  const manifest = readClientManifest(clientDir);
  const sizes = {} as Record<PageType, number>;
  for (const [page, routeId] of Object.entries(PAGE_ROUTES) as [PageType, string][]) {
    sizes[page] = gzipSizeOf(clientDir, pageScripts(manifest, routeId));
  }
  return sizes;
}
