import type { Page, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";

/*
 * A new application version and a route error (issue 12 section 4): the page reloads in
 * full once, and a 10 s reload guard stops it reloading again. The server names its build at /__version; the
 * new build is played by answering that one request with another version, since the test cannot deploy a
 * second build under a running page. Everything else (the route error, the reload) is the shop's own.
 */
const storefrontUrl = inject("storefrontUrl");
const MISSING_PRODUCT = "/store/product/no-such-book-after-a-deploy";

type RouterWindow = { __reactRouterDataRouter: { navigate(to: string): Promise<void> }; __reactRouterManifest: { version: string } };

/** Every full load of the page's document from now on (a reload is one). */
function recordDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on("request", (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

/** Goes to the missing product the way a link in the shop would: in the app, where its 404 is a route error. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    void (window as unknown as RouterWindow).__reactRouterDataRouter.navigate(path);
  }, to);
}

describe("a route error after a new version", () => {
  const browser = sessionPerTest();

  it("the server names the build the page's scripts came from", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store`);
    await waitForHydration(page);
    const [own, server] = await page.evaluate(async () => [
      (window as unknown as RouterWindow).__reactRouterManifest.version,
      ((await (await fetch("/__version")).json()) as { version: string }).version,
    ]);
    expect(own).toMatch(/^\w+$/);
    expect(server).toBe(own);
  });

  it("with the same version, a route error shows the error page and reloads nothing", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store`);
    await waitForHydration(page);
    const loads = recordDocumentLoads(page);
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === "/__version");
    await navigateInApp(page, MISSING_PRODUCT);
    await page.getByText(`Page Not Found: ${MISSING_PRODUCT}`).waitFor();
    await asked;
    // The answer has been read once two frames have passed; a reload would have begun by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(loads).toEqual([]);
    expectNoPageProblems(browser);
  });

  it("with a new version, reloads once, and the 10 s guard stops a second reload", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store`);
    await waitForHydration(page);
    await page.route("**/__version", (route) =>
      route.fulfill({ json: { version: "a-newer-build" }, headers: { "Cache-Control": "no-store" } }),
    );
    const loads = recordDocumentLoads(page);
    const reloading = page.waitForEvent("console", (message) => message.text().includes("reloading the page"));
    // After the reload the page is the 404 again, and the server still runs the other build: the guard holds.
    const held = page.waitForEvent("console", { predicate: (message) => message.text().includes("not again"), timeout: 30_000 });

    await navigateInApp(page, MISSING_PRODUCT);
    await reloading;
    await held;
    expect(loads, "one full reload, of the page that failed").toEqual([`${storefrontUrl}${MISSING_PRODUCT}`]);
    await page.getByText(`Page Not Found: ${MISSING_PRODUCT}`).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem("quire-new-version-reload-at"))).toMatch(/^\d+$/);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
