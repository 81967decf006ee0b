import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { addByForm, expectToast, findProducts, lineTitle, masterOf } from "./cart-catalogue";
import { findCheckoutBooks, startCheckout } from "./checkout-journeys";

/**
 * The toast area's policy (issue 26): a new toast replaces a shown one of the same kind, a success closes an
 * older error or warning, no more than two are on screen, and none covers the summary of the checkout (at
 * 1280 px, where toasts sit bottom-left beside it) or of the basket (at 390 px, where they sit at the top).
 */
const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();

const region = (page: Page) => page.getByRole("region", { name: "Notifications" });
const shownToasts = (page: Page) => region(page).getByRole("alertdialog");

/** Whether a toast on screen overlaps the element's box. */
async function coveredByToast(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  for (const toast of await shownToasts(page).all()) {
    const t = await toast.boundingBox();
    if (t && t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height) return true;
  }
  return false;
}

/** Scrolls the window so the element's bottom sits just above the window's bottom edge. */
async function scrollToWindowBottom(target: Locator) {
  await target.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 24));
}

describe("toasts", () => {
  it("at 1280 px in the checkout: a success replaces the older error, and no toast covers the order total", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    const books = await findCheckoutBooks(2, "name-desc");
    await startCheckout(page, books, { javaScript: true });
    await page.getByRole("button", { name: "Reject all" }).click();
    const summary = page.getByRole("region", { name: /^Order summary/ });
    const total = summary.locator("dl > div").filter({ hasText: /^Total/ });
    await scrollToWindowBottom(total);
    const code = summary.getByRole("textbox", { name: "Discount code" });
    await code.fill("NOSUCHCODE");
    await summary.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, "This discount code is not valid");
    await code.fill("WELCOME10");
    await summary.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, "Discount code WELCOME10 has been applied");
    await region(page).getByText("This discount code is not valid").waitFor({ state: "detached" });
    expect(await shownToasts(page).count()).toBe(1);
    await scrollToWindowBottom(total);
    expect(await coveredByToast(page, total)).toBe(false);
    expectNoPageProblems(browser);
  });

  it("at 390 px on the basket page: toasts neither pile up nor cover the summary's heading", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const [book] = await findProducts(1, (product) => {
      const master = masterOf(product);
      return master.isPurchasable && master.price !== null && master.stock?.status === "LowStock";
    });
    await addByForm(page, masterOf(book!).id, 1);
    await page.goto(`${storefrontUrl}/cart`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.getByRole("button", { name: "Reject all" }).click();
    const heading = page.getByRole("heading", { name: "Summary", exact: true });
    await scrollToWindowBottom(heading);
    const title = lineTitle(book!);
    const quantity = page.getByRole("spinbutton", { name: `Quantity of ${title}` });
    const update = page.getByRole("button", { name: `Update quantity of ${title}` });
    // More than is in stock: the API's refusal, as an error toast.
    await quantity.fill("900");
    await update.click();
    await region(page)
      .getByText(/in stock/)
      .waitFor();
    // Three updates in quick succession: each success replaces the one before, and the error goes.
    for (let update_ = 0; update_ < 3; update_++) {
      await quantity.fill("1");
      const read = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/cart.data" && response.request().method() === "GET",
      );
      await update.click();
      await read;
    }
    await expectToast(page, "Basket updated");
    await region(page)
      .getByText(/in stock/)
      .waitFor({ state: "detached" });
    expect(await shownToasts(page).count()).toBe(1);
    expect(await coveredByToast(page, heading)).toBe(false);
    expectNoPageProblems(browser);
  });
});
