import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { sharedApiWithStorefront, type Stack } from "./stack";

/*
 * Icons from a configured icon service (issue 12 section 4): the pages' icons point into the
 * sprite the storefront draws from the service, the service's icon where it has one and the shipped one
 * elsewhere; the service is asked once for all of them, and the answer kept. The service is played locally
 * by a server answering Iconify's API shape; a storefront of its own (the setting is the storefront's) on the
 * shared API.
 */

const SERVICE_HEART =
  '<path fill="none" stroke="currentColor" stroke-width="2" d="M2 9.5a5.5 5.5 0 0 1 9.6-3.7L12 6.3l.4-.5A5.5 5.5 0 0 1 22 9.5"/>';

let requests: string[] = [];
let server: Server;
let stack: Stack;
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://stand-in");
    const asked = url.searchParams.get("icons")?.split(",") ?? [];
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({ prefix: "lucide", width: 24, height: 24, icons: asked.includes("heart") ? { heart: { body: SERVICE_HEART } } : {} }),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack = await sharedApiWithStorefront({
    name: "icon-service",
    storefrontEnv: { ICON_SERVICE_URL: serviceUrl, ICON_SERVICE_PREFIX: "lucide" },
  });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe("icons from a configured icon service", () => {
  const browser = sessionPerTest();

  it("draws the service's icons, the shipped ones where it has none, asking it once", async () => {
    const { page } = browser;
    requests = [];
    await page.goto(`${stack.storefrontUrl}/`);
    const uses = await page.locator("svg use").evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    expect(uses.length).toBeGreaterThan(0);
    for (const href of uses) expect(href).toMatch(/^\/icons\/sprite\.svg#[a-z-]+$/);

    const answer = await page.request.get(`${stack.storefrontUrl}/icons/sprite.svg`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("image/svg+xml");
    const sprite = await answer.text();
    expect(sprite).toContain(`<symbol id="heart" viewBox="0 0 24 24">${SERVICE_HEART}</symbol>`);
    expect(sprite, "the service has no bag: the shipped one").toMatch(/<symbol id="bag" viewBox="0 0 24 24"><path d="M6 8h12/);

    // Pages and sprites since: the service's answer is kept, so it was asked once.
    await page.reload();
    await page.request.get(`${stack.storefrontUrl}/icons/sprite.svg`);
    expect(requests.map((url) => new URL(url, "http://stand-in").pathname)).toEqual(["/lucide.json"]);
    expect(new URL(requests[0]!, "http://stand-in").searchParams.get("icons")?.split(",")).toContain("heart");
    expectNoPageProblems(browser);
  });
});
