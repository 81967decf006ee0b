import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { root } from "./stack";

const storefrontUrl = inject("storefrontUrl");

/** A page's bytes exactly as sent for one Accept-Encoding (fetch would decompress them), and the encoding used. */
function fetchCompressed(path: string, encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${storefrontUrl}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

// A page is streamed and flushed as it renders (server.mjs). Flushing must not cost the compression: a gzip
// flush that empties the dictionary made a product page 18% larger than the same page compressed whole.
describe("compressed pages", () => {
  for (const path of ["/", "/store"]) {
    it(`sends ${path} gzipped within 6% of the page compressed whole`, async () => {
      const { encoding, body } = await fetchCompressed(path, "gzip");
      expect(encoding).toBe("gzip");
      const whole = gzipSync(gunzipSync(body), { level: constants.Z_DEFAULT_COMPRESSION });
      expect(body.length / whole.length).toBeLessThan(1.06);
    });

    it(`sends ${path} in brotli within 5% of the page compressed whole`, async () => {
      const { encoding, body } = await fetchCompressed(path, "br, gzip");
      expect(encoding).toBe("br");
      const whole = brotliCompressSync(brotliDecompressSync(body), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(body.length / whole.length).toBeLessThan(1.05);
    });
  }
});

// The build writes each script, stylesheet and SVG compressed beside it (vite.config.ts); the server sends those
// bytes as they are, instead of compressing the file again for every request.
describe("the build's assets", () => {
  const assets = path.join(root, "apps", "storefront", "build", "client", "assets");
  const entry = readdirSync(assets).find((name) => /^entry\.client-[\w-]+\.js$/.test(name))!;

  it("are sent as compressed at build time: brotli when the browser takes it, else gzip, else as they are", async () => {
    const brotli = await fetchCompressed(`/assets/${entry}`, "gzip, deflate, br");
    expect(brotli.encoding).toBe("br");
    expect(brotli.body.equals(readFileSync(path.join(assets, `${entry}.br`)))).toBe(true);

    const gzip = await fetchCompressed(`/assets/${entry}`, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.body.equals(readFileSync(path.join(assets, `${entry}.gz`)))).toBe(true);

    const plain = await fetchCompressed(`/assets/${entry}`, "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(readFileSync(path.join(assets, entry)))).toBe(true);
  });
});

// What <head> asks for, in order: on HTTP/1.1 a browser has six connections, so a render-blocking stylesheet
// listed after a dozen module preloads waited for them; and fonts fetched after the stylesheet would swap in
// after the first paint and shift the page.
describe("the order of a page's <head>", () => {
  it("asks for the fonts, then the stylesheet, then the scripts", async () => {
    const html = await (await fetch(`${storefrontUrl}/store`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const links = [...head.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
    const firstIndex = (test: RegExp) => links.findIndex((tag) => test.test(tag));
    const fonts = links.flatMap((tag, index) => (/rel="preload"[^>]*as="font"|as="font"[^>]*rel="preload"/.test(tag) ? [index] : []));
    const stylesheet = firstIndex(/rel="stylesheet"/);
    const firstScript = firstIndex(/rel="modulepreload"/);
    expect(fonts).toHaveLength(2);
    expect(stylesheet).toBeGreaterThan(Math.max(...fonts));
    expect(firstScript).toBeGreaterThan(stylesheet);
  });
});

// Every page's data is sent with every page; the store settings in it are the few pages read as they render.
describe("the data sent with every page", () => {
  it("holds the store's name but not the checkout's terms or the order rules", async () => {
    const html = await (await fetch(`${storefrontUrl}/store`)).text();
    const pageData = [...html.matchAll(/<script[^>]*>(window\.__reactRouterContext[\s\S]*?)<\/script>/g)]
      .map(([, script]) => script)
      .join("");
    expect(pageData).toContain("isOutOfStockPurchaseEnabled");
    for (const serverOnly of ["checkoutTermsAndConditionsText", "minimumOrderPrices", "countryCodes"]) {
      expect(pageData, serverOnly).not.toContain(serverOnly);
    }
  });
});
