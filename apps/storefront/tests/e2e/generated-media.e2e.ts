import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { freePort, root, stopProcess, untilPrinted } from "./stack";

/** A port nothing listens on: every call the storefront makes to it is refused. */
async function refusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// A category page shows a dozen covers, each a request of its own. They are drawn from their URL alone, so the
// root's shop context (the redirect list and the settings from the API, the session, the viewer cookie) is not
// built for them (root.tsx): with the API away, pages answer "back shortly" while the pictures still come.
describe("generated pictures, with the API away", () => {
  let server: ChildProcess;
  let url: string;
  const logFile = path.join(root, "test-results", "e2e-generated-media-storefront.log");

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    closeSync(openSync(logFile, "w"));
    server = spawn(process.execPath, [path.join(root, "apps", "storefront", "server.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        API_URL: `http://127.0.0.1:${await refusedPort()}`,
        API_KEY: "generated-media-test-key",
        STORE_KEY: "quire-demo",
        LOG_FORMAT: "json",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    await untilPrinted(server, /"msg":"storefront listening on /, logFile);
  });
  afterAll(async () => {
    if (server) await stopProcess(server);
  });

  it("draws a book's cover and a blog post's picture, for good, with no cookie", async () => {
    const cover = coverUrlFor({ slug: "the-slow-table", title: "The Slow Table", author: "Ada Reader" });
    for (const pathname of [cover, "/media/blog/a-winter-reading-list.svg"]) {
      const answer = await fetch(`${url}${pathname}`);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(await answer.text()).toMatch(/^<svg /);
    }
  });

  it("still answers a malformed picture address with its 400, and a page with the 503 'back shortly' page", async () => {
    const malformed = await fetch(`${url}/media/covers/the-slow-table.svg?p=violet`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ errors: [{ code: "cover_palette_invalid", field: "p" }] });

    const page = await fetch(`${url}/store`);
    expect(page.status).toBe(503);
    await page.body?.cancel();
  });
});
