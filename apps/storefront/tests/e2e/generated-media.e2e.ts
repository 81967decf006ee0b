import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { freePort, startLoneStorefront, stopProcess } from "./stack";

// A category page shows a dozen covers, each a request of its own. They are drawn from their URL alone, so the
// root's shop context (the redirect list and the settings from the API, the session, the viewer cookie) is not
// built for them (root.tsx): with the API away, pages answer "back shortly" while the pictures still come.
describe("generated pictures, with the API away", () => {
  let server: ChildProcess;
  let url: string;

  beforeAll(async () => {
    ({ server, url } = await startLoneStorefront("generated-media-storefront", {
      // A free port, closed again: nothing listens there, so every call to the API is refused.
      API_URL: `http://127.0.0.1:${await freePort()}`,
      LOG_FORMAT: "json",
    }));
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
