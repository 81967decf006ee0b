import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";

const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();

// An unmatched route answers 404 with 'Page Not Found: {path}'.
describe("an unknown path", () => {
  it("answers HTTP 404 with 'Page Not Found: /that-path' to a plain request", async () => {
    const response = await fetch(`${storefrontUrl}/that-path`, { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /that-path");
  });

  it("answers 404 for a path below a known section too", async () => {
    const response = await fetch(`${storefrontUrl}/store/product/no-such-book-anywhere`, { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /store/product/no-such-book-anywhere");
  });

  it("shows the error page in the browser, with a way back to the shop", async () => {
    const { page } = browser;
    const response = await page.goto(`${storefrontUrl}/that-path`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText("Page Not Found: /that-path").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    // The error page's action goes to /store for every status but 500.
    const action = page.getByRole("main").getByRole("link", { name: /shop/i }).first();
    expect(await action.getAttribute("href")).toBe("/store");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
