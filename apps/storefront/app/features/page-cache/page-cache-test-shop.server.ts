import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { PUBLIC_CACHE_CONTROL, PUBLIC_PAGE_VARY } from "./public-page.server";
import type { CacheableRequest, CacheableResponse } from "./page-cache.server";

/*
 * For the page cache's tests: a storefront as server.mjs builds it around the page cache, driven over HTTP. Express,
 * a stand-in for the security headers (which set the request's CSP nonce), the page cache's middleware, then a
 * stand-in for React Router that answers a public product page.
 */

type Middleware = (request: CacheableRequest, response: CacheableResponse, next: (error?: unknown) => void) => void;
interface ExpressApp {
  (request: IncomingMessage, response: ServerResponse): void;
  use(middleware: Middleware): ExpressApp;
}
// Neither package ships its types, nor does the storefront install them (server.mjs is JavaScript).
const require = createRequire(import.meta.url);
const express = require("express") as () => ExpressApp;
const compression = require("compression") as () => Middleware;

export const FIRST_SCRIPT = 'window.__reactRouterContext = {"basename":"/","isSpaMode":false};';
export const SECOND_SCRIPT = 'import("/assets/entry.client-abc.js");';
/** A product page as React Router streams it: inline scripts carrying the request's nonce, a file, structured data. */
const parts = (nonce: string) => [
  `<!DOCTYPE html><html><head><script nonce="${nonce}">${FIRST_SCRIPT}</script>`,
  `<script src="/assets/manifest-abc.js" nonce="${nonce}"></script><script type="application/ld+json">{"@type":"Product"}</script>`,
  "</head><body><h1>Lamp £12 – é</h1>",
  `<script type="module" nonce="${nonce}">${SECOND_SCRIPT}</script></body></html>`,
];
/** The product page as rendered for the request given `nonce`. */
export const html = (nonce: string) => parts(nonce).join("");
export const policyWith = (scriptSources: string) => `default-src 'self'; script-src 'self' ${scriptSources}; object-src 'none'`;

/** How the stand-in for React Router answers a path: a public page unless the path says otherwise. */
function answerPage(path: string, response: CacheableResponse): void {
  const nonce = String(response.locals.cspNonce);
  response.statusCode = path === "/missing" ? 404 : 200;
  response.setHeader("Content-Type", path === "/json" ? "application/json" : "text/html; charset=utf-8");
  response.setHeader("Cache-Control", path === "/private" ? "private, no-store" : PUBLIC_CACHE_CONTROL);
  response.setHeader("Vary", PUBLIC_PAGE_VARY);
  if (path !== "/unnamed") response.setHeader("Surrogate-Key", "menu product:1 settings");
  if (path === "/cookie") response.setHeader("Set-Cookie", "flash=1; Path=/");
  const [first, second, third, fourth] = parts(nonce);
  // In several writes, as strings, a Buffer and a Uint8Array, the last with end().
  response.write(first);
  response.write(Buffer.from(second!));
  response.write(new TextEncoder().encode(third));
  if (path === "/large") response.write(`<!-- ${"padding ".repeat(200)}-->`);
  response.end(fourth, "utf8");
}

/**
 * A storefront with `handle` (the page cache's middleware) in front of the stand-in, listening on a free port until
 * `close()`; `calls` lists the paths the stand-in rendered.
 */
export async function startTestShop(handle: Middleware, { compress = false }: { compress?: boolean } = {}) {
  const calls: string[] = [];
  let nonces = 0;
  const app = express();
  if (compress) app.use(compression());
  app.use((request, response, next) => {
    response.locals.cspNonce = `nonce${++nonces}`;
    response.setHeader("X-Request-Id", `request-${nonces}`);
    response.setHeader("Content-Security-Policy", policyWith(`'nonce-${String(response.locals.cspNonce)}'`));
    next();
  });
  app.use(handle);
  app.use((request, response) => {
    const path = request.originalUrl.split("?")[0]!;
    calls.push(path);
    answerPage(path, response);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    /** GETs `path`, the body as sent (not decompressed). */
    get(path: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = httpRequest({ host: "127.0.0.1", port, path, headers, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        });
        request.on("error", reject);
        request.end();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestShop = Awaited<ReturnType<typeof startTestShop>>;
