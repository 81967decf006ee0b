import { get } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";

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
