import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const HASH = "0123456789abcdef0123456789abcdef";

/** The stand-in API's stored files, by path; anything else answers 404 media_not_found. */
const FILES: Record<string, { type: string; bytes: Buffer }> = {
  [`/media/images/${HASH}-480.avif`]: { type: "image/avif", bytes: Buffer.from([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70]) },
  [`/media/images/${HASH}-240.jpg`]: { type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
};
/** A path the stand-in answers as an API whose database is away. */
const AWAY = `/media/images/${HASH}-960.webp`;

let server: Server;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let loader: typeof import("./media-image").loader;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    const file = FILES[request.url ?? ""];
    if (file) {
      response.writeHead(200, { "content-type": file.type, "content-length": file.bytes.length });
      response.end(file.bytes);
      return;
    }
    const [status, code] = request.url === AWAY ? [503, "service_unavailable"] : [404, "media_not_found"];
    response.writeHead(status, { "content-type": "application/json", ...(status === 503 ? { "retry-after": "30" } : {}) });
    response.end(JSON.stringify({ errors: [{ code, message: "No" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.API_KEY = "storefront-test-key";
  process.env.STORE_KEY = "test-store";
  // A module of its own, which reads the environment above: a unit worker runs other files before this one.
  vi.resetModules();
  ({ loader } = await import("./media-image"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The route's answer to GET /media/images/<file>. */
async function get(file: string): Promise<Response> {
  const request = new Request(`https://shop.example/media/images/${file}`, { headers: { "x-request-id": "request-0001" } });
  return (await loader({ params: { file }, request } as never)) as Response;
}

describe("GET /media/images/:file", () => {
  it("passes the API's file on as it came, with its type, cached for good and locked down", async () => {
    seen = [];
    const avif = await get(`${HASH}-480.avif`);
    expect(avif.status).toBe(200);
    expect(Object.fromEntries(avif.headers)).toEqual({
      "content-type": "image/avif",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    });
    expect(Buffer.from(await avif.arrayBuffer())).toEqual(FILES[`/media/images/${HASH}-480.avif`]!.bytes);
    expect(seen[0]?.headers.accept).toBe("image/*, application/json");
    expect(seen[0]?.headers["x-request-id"]).toBe("request-0001");
    // As nobody in particular: no sign-in goes with it, whatever the shopper's cookies.
    expect(seen[0]?.headers.authorization).toBeUndefined();

    const jpeg = await get(`${HASH}-240.jpg`);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await jpeg.arrayBuffer())).toEqual(FILES[`/media/images/${HASH}-240.jpg`]!.bytes);
  });

  it("answers the storefront's short 404 for a file the API does not have, and for a name no file has, without asking", async () => {
    const missing = await get(`${HASH}-480.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(missing.headers.get("cache-control")).toBeNull();

    seen = [];
    for (const file of ["cover.png", `${HASH}-480.svg`, `${HASH.toUpperCase()}-480.jpg`, `../${HASH}-480.jpg`, `${HASH}-480.jpg.html`]) {
      const refused = await get(file);
      expect(refused.status, file).toBe(404);
      expect(refused.headers.get("cache-control"), file).toBeNull();
    }
    expect(seen).toEqual([]);
  });

  it("answers 503, not kept, while the API is away", async () => {
    const away = await get(`${HASH}-960.webp`);
    expect(away.status).toBe(503);
    expect(away.headers.get("cache-control")).toBe("no-store");
    expect(away.headers.get("retry-after")).toBe("30");
  });
});
