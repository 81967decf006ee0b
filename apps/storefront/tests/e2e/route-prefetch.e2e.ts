import { once } from "node:events";
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";

/*
 * Route prefetch (issue 12 section 4): a catalogue link prefetches its page on intent,
 * and at most 5 routes are prefetched in parallel; the next waits for a slot. The browser reaches the shop
 * through a local proxy that holds each prefetch of a product page's data until the test lets it go on to the
 * storefront, so "in flight" is a state the test controls, not a race. (Chromium's link prefetches pass by
 * Playwright's request interception, hence a proxy.)
 */
const storefrontUrl = inject("storefrontUrl");

interface HeldRequest {
  path: string;
  release(): void;
}
const held: HeldRequest[] = [];
let inFlight = 0;
let mostInFlight = 0;
/** Whether the proxy holds product pages' data; off, it passes everything at once. */
let holding = true;
let proxyUrl: string;
const proxy = createServer((incoming: IncomingMessage, answer: ServerResponse) => {
  const upstream = new URL(storefrontUrl);
  const pass = () =>
    incoming.pipe(
      forward(
        { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (response) => {
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
        },
      ),
    );
  const path = new URL(incoming.url ?? "/", proxyUrl).pathname;
  if (!holding || !/^\/store\/product\/[^/]+\.data$/.test(path)) return pass();
  inFlight += 1;
  mostInFlight = Math.max(mostInFlight, inFlight);
  answer.once("close", () => (inFlight -= 1));
  let released = false;
  held.push({
    path,
    release: () => {
      if (!released) pass();
      released = true;
    },
  });
});
beforeAll(async () => {
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe("route prefetch", () => {
  const browser = sessionPerTest();

  it("runs at most five at a time, and the next when one has finished", async () => {
    const { page } = browser;
    // Tall enough that no hover scrolls: a scroll moves the page under a resting pointer, and the card it then
    // rests on shows intent too (a real browser's synthetic mouseover), taking a slot the test did not give.
    const viewport = { width: 1280, height: 2400 };
    await page.setViewportSize(viewport);
    await page.goto(`${proxyUrl}/store`);
    await waitForHydration(page);
    const heldCount = (count: number) => expect.poll(() => held.length).toBe(count);

    const links = page.getByRole("main").getByRole("heading").getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(7);
    const link = (index: number) => links.nth(index);
    const prefetchOf = (index: number) => link(index).getAttribute("data-prefetch");
    for (let index = 0; index < 7; index += 1) {
      const box = await link(index).boundingBox();
      expect(box && box.y + box.height, `link ${index} is on screen without scrolling`).toBeLessThan(viewport.height);
    }
    /** Only the links the test pointed at have started a prefetch. */
    const expectOnlyPointedAt = async (count: number) =>
      expect(await page.locator("main [data-prefetch]").count(), `links with a prefetch started: only the ${count} pointed at`).toBe(count);

    for (let index = 0; index < 5; index += 1) {
      await link(index).hover();
      await expect.poll(() => prefetchOf(index)).toBe("loading");
      await heldCount(index + 1);
      await expectOnlyPointedAt(index + 1);
    }
    await link(5).hover();
    await expect.poll(() => prefetchOf(5), { message: "the sixth waits for a slot" }).toBe("queued");
    expect(held.length, "five prefetches in flight, no sixth").toBe(5);

    held[0]!.release();
    await expect.poll(() => prefetchOf(5), { message: "a slot came free" }).toBe("loading");
    await heldCount(6);
    const hrefOf = async (index: number) => `${await link(index).getAttribute("href")}.data`;
    expect(held.map((request) => request.path)).toEqual(await Promise.all([0, 1, 2, 3, 4, 5].map(hrefOf)));

    // Pointing elsewhere does not give a running prefetch's slot away: the seventh waits too.
    await link(6).hover();
    await expect.poll(() => prefetchOf(6)).toBe("queued");
    for (const request of held) request.release();
    await heldCount(7);
    held.at(-1)!.release();
    await expect.poll(() => prefetchOf(6)).toBe("done");
    expect(mostInFlight, "never more than five at once").toBe(5);

    // And the link still leads to its page.
    holding = false;
    const href = await link(6).getAttribute("href");
    await link(6).click();
    await page.waitForURL(`${proxyUrl}${href}`);
    expectNoPageProblems(browser);
  });
});
