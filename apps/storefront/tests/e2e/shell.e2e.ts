import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";

const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();

describe("the site shell", () => {
  it("offers a skip link first, which moves focus to the page's main content", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${storefrontUrl}/about`);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    expectNoPageProblems(browser);
  });

  it("renders a content page from its blocks, with its own title and description", async () => {
    const { page } = browser;
    const response = await page.goto(`${storefrontUrl}/about`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("About us | Quire Books");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    await page.getByRole("heading", { level: 1, name: "About us" }).waitFor();
    expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("shows a toast, bottom-right, after switching the currency", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${storefrontUrl}/faq`);
    await page.getByRole("combobox", { name: "Currency", exact: true }).filter({ visible: true }).selectOption("USD");
    await page.getByRole("combobox", { name: "Deliver to", exact: true }).filter({ visible: true }).selectOption("US");
    await page.getByRole("button", { name: "Update", exact: true }).filter({ visible: true }).click();
    const toast = page
      .getByRole("region", { name: "Notifications" })
      .getByText("Prices are now shown in USD for delivery to United States.");
    await toast.waitFor();
    expect(new URL(page.url()).pathname).toBe("/faq");
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThan(1280 / 2);
    expect(box.y).toBeGreaterThan(800 / 2);
    // A toast lives 3000 ms.
    await toast.waitFor({ state: "detached", timeout: 6000 });
    expectNoPageProblems(browser);
  });

  it("offers a scroll-to-top button once the page has scrolled past 100 px", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`${storefrontUrl}/`);
    const button = page.getByRole("button", { name: "Back to top" });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 60));
    // The scroll event and the render it causes are done before the second frame after the scroll.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expectNoPageProblems(browser);
  });

  it("keeps the scroll-to-top button off the cookie banner's text and, at the end of a page, off the footer's", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`${storefrontUrl}/store`);
    await page.evaluate(() => window.scrollTo(0, 400));
    const button = page.getByRole("button", { name: "Back to top" });
    await button.waitFor();
    const overlaps = async (text: Locator) => {
      const [a, b] = [(await button.boundingBox())!, (await text.boundingBox())!];
      return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    const banner = page.getByRole("dialog", { name: "Cookies on this shop" });
    for (const text of [
      banner.getByRole("heading"),
      banner.getByText(/We use the cookies/),
      banner.getByRole("button", { name: "Reject all" }),
    ])
      expect(await overlaps(text)).toBe(false);

    await banner.getByRole("button", { name: "Reject all" }).click();
    await page.getByRole("contentinfo").waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await button.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const footer = page.getByRole("contentinfo");
    for (const text of [footer.getByText(/^© \d{4}/), footer.getByRole("link", { name: "Cookie settings" })])
      expect(await overlaps(text)).toBe(false);
    expectNoPageProblems(browser);
  });

  it("has a mobile menu that opens, lists the category groups and closes on navigation", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${storefrontUrl}/about`);
    const nav = page.getByRole("navigation", { name: "Main" });
    // Closed, the drawer is out of sight and out of the accessibility tree.
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await nav.getByText("Shop all books").waitFor();
    await expectNoSeriousA11yViolations(page);
    // A group opens in place onto its links.
    await nav.locator("summary").first().click();
    await nav.locator("details[open] a").first().waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await nav.getByRole("link", { name: "Shop all books" }).click();
    await page.waitForURL(`${storefrontUrl}/store`);
    // Followed in the app (the document, and so the marker on its window, is still there), and the drawer
    // closed behind it.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect.poll(() => page.locator("#site-menu:popover-open").count()).toBe(0);
    expect(await nav.isVisible()).toBe(false);
    expectNoPageProblems(browser);
  });
});

describe("the layouts", () => {
  it("show checkout in the checkout layout, with its stepper at the first step", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/checkout`);
    const stepper = page.getByRole("navigation", { name: "Checkout progress" });
    const steps = stepper.getByRole("listitem");
    expect(await steps.count()).toBe(5);
    expect(await steps.first().getAttribute("aria-current")).toBe("step");
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("show sign-in in the simple layout", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/auth/login`);
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await page.getByRole("search").count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});
