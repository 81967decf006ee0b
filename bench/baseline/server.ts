/**
 * The bare baseline: what a product or category page costs with no framework, for `npm run bench` to compare
 * the storefront with. A node:http server that fetches from the API with the headers the storefront sends
 * (apps/storefront/app/lib/api.server.ts), renders the page with template strings and gzips it as the
 * storefront's compression middleware does. Two ways to fetch:
 *
 *   GET /product/:slug, /category/:slug                         one API call
 *   GET /same-calls/product/:slug, /same-calls/category/:slug   the calls the storefront's loaders make: the
 *       start-up data (redirects, store settings, category tree, main menu) kept for CACHE_TTL_SECONDS as the
 *       storefront keeps it, then the route's own calls.
 *
 * Configured like the storefront: PORT, HOST, API_URL, API_KEY, STORE_KEY, CACHE_TTL_SECONDS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import {
  renderCategoryPage,
  renderProductPage,
  type Category,
  type Facet,
  type Listing,
  type MenuItem,
  type Product,
  type Shell,
} from "./pages";

const gzipAsync = promisify(gzip);

const port = Number(process.env.PORT ?? 3100);
const host = process.env.HOST ?? "127.0.0.1";
const apiUrl = process.env.API_URL ?? "http://127.0.0.1:4000";
const apiKey = process.env.API_KEY ?? "quire-demo-api-key";
const storeKey = process.env.STORE_KEY ?? "quire-demo";
const cacheTtlMs = Number(process.env.CACHE_TTL_SECONDS ?? 60) * 1000;
/** The header of a one-call page, which reads no store settings or menu from the API. */
const STATIC_SHELL: Shell = { storeName: "Quire Books", menu: [] };
/** Below this the storefront's compression middleware sends the page as it is (compression's threshold). */
const COMPRESSION_THRESHOLD = 1024;

class NotFound extends Error {}

interface Caller {
  clientAddress: string;
  currencyCode?: string;
  countryCode?: string;
}

async function get<T>(path: string, caller: Caller): Promise<T> {
  const headers: Record<string, string> = {
    "API-Key": apiKey,
    StoreKey: storeKey,
    "X-Forwarded-For": caller.clientAddress,
    accept: "application/json",
  };
  if (caller.currencyCode) headers.CurrencyCode = caller.currencyCode;
  if (caller.countryCode) headers.CountryCode = caller.countryCode;
  const response = await fetch(`${apiUrl}${path}`, { headers });
  if (response.status === 404) throw new NotFound(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** One value per process for cacheTtlMs, loaded once however many requests ask at the same time. */
function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: { data: T; expiresAt: number } | undefined;
  let pending: Promise<T> | undefined;
  return async () => {
    if (value && value.expiresAt > Date.now()) return value.data;
    pending ??= load()
      .then((data) => {
        value = { data, expiresAt: Date.now() + cacheTtlMs };
        return data;
      })
      .finally(() => (pending = undefined));
    return pending;
  };
}

const shopCaller: Caller = { clientAddress: "127.0.0.1" };
const getRedirects = cached(async () => {
  const { results } = await get<{ results: { oldUrl: string; newUrl: string }[] }>("/redirects?PageSize=5000", shopCaller);
  return new Map(results.map((entry) => [entry.oldUrl.toLowerCase(), entry.newUrl]));
});
const getSettings = cached(() =>
  get<{ name: string; defaultCurrencyCode: string; defaultCountryCode: string }>("/store-settings", shopCaller),
);
const getCategoryTree = cached(() => get<{ nodes: unknown[] }>("/categories/tree", shopCaller));
const getMenu = cached(() => get<{ data: MenuItem[] }>("/menus/main/tree", shopCaller));
/** The filterable attributes, which the storefront's listing reads (and keeps) to know which query keys are filters. */
const getFilterAttributes = cached(() => get<unknown[]>("/product-filters/attributes", shopCaller));

/** The start-up data every storefront page awaits (root middleware and loader), and the caller it implies. */
async function startUp(clientAddress: string, path: string): Promise<{ shell: Shell; caller: Caller; redirect?: string }> {
  const target = (await getRedirects()).get(path.toLowerCase());
  const [settings, , menu] = await Promise.all([getSettings(), getCategoryTree(), getMenu()]);
  return {
    shell: { storeName: settings.name, menu: menu.data },
    caller: { clientAddress, currencyCode: settings.defaultCurrencyCode, countryCode: settings.defaultCountryCode },
    redirect: target,
  };
}

async function productPage(slug: string, sameCalls: boolean, clientAddress: string, path: string): Promise<string> {
  const encoded = encodeURIComponent(slug);
  if (!sameCalls) {
    const product = await get<Product>(`/products/slug=${encoded}`, { clientAddress });
    return renderProductPage(STATIC_SHELL, product, product.addons);
  }
  const { shell, caller } = await startUp(clientAddress, path);
  const product = await get<Product>(`/products/slug=${encoded}`, caller);
  return renderProductPage(shell, product, product.addons);
}

async function categoryPage(slug: string, sameCalls: boolean, clientAddress: string, path: string): Promise<string> {
  const encoded = encodeURIComponent(slug);
  const listingPath = `/products?CategorySlug=${encoded}&Sort=popular&PageNumber=1&PageSize=24`;
  if (!sameCalls) {
    const listing = await get<Listing>(listingPath, { clientAddress });
    return renderCategoryPage(STATIC_SHELL, { slug, name: slug, description: "", breadcrumbs: [] }, listing, []);
  }
  const { shell, caller } = await startUp(clientAddress, path);
  const listingAndFilters = async (): Promise<[Listing, { facets: Facet[] }]> => {
    await getFilterAttributes();
    return Promise.all([get<Listing>(listingPath, caller), get<{ facets: Facet[] }>(`/product-filters?CategorySlug=${encoded}`, caller)]);
  };
  const [category, [listing, filters]] = await Promise.all([get<Category>(`/categories/slug=${encoded}`, caller), listingAndFilters()]);
  return renderCategoryPage(shell, category, listing, filters.facets);
}

const ROUTE = /^\/(same-calls\/)?(product|category)\/([^/]+)$/;

async function answer(request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? "/").split("?")[0]!;
  const match = ROUTE.exec(path);
  if (request.method !== "GET" || !match) {
    response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    return;
  }
  const [, sameCalls, kind, slug] = match;
  const clientAddress = request.socket.remoteAddress ?? "";
  let html: string;
  try {
    const render = kind === "product" ? productPage : categoryPage;
    html = await render(decodeURIComponent(slug!), Boolean(sameCalls), clientAddress, path);
  } catch (error) {
    const status = error instanceof NotFound ? 404 : 500;
    if (status === 500) console.error(error);
    response.writeHead(status, { "content-type": "text/plain" }).end(status === 404 ? "Not found" : "Error");
    return;
  }
  const body = Buffer.from(html);
  const headers: Record<string, string | number> = { "content-type": "text/html; charset=utf-8", vary: "Accept-Encoding" };
  if (body.length >= COMPRESSION_THRESHOLD && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
    const compressed = await gzipAsync(body);
    response.writeHead(200, { ...headers, "content-encoding": "gzip", "content-length": compressed.length }).end(compressed);
  } else {
    response.writeHead(200, { ...headers, "content-length": body.length }).end(body);
  }
}

const server = createServer((request, response) => {
  answer(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
  });
});
server.keepAliveTimeout = 5000;
server.listen(port, host, () => console.log(`baseline listening on http://${host}:${port}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
