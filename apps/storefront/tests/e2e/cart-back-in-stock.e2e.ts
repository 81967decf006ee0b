import type { ProductDetail, ProductVariant } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, openBrowser, type BrowserSession } from "./browser";
import { expectToast, getProduct, listProducts } from "./cart-catalogue";

/**
 * Back in stock (spec sections 1 and 7): a product page whose chosen variant is out of stock, and cannot
 * be ordered, offers "Email me when it's back" instead of "Add to basket".
 */
const storefrontUrl = inject("storefrontUrl");

let browser: BrowserSession;
let product: ProductDetail;
let soldOut: ProductVariant;
beforeAll(async () => {
  browser = await openBrowser();
  // Cards show the best stock of their variants: "out of stock" there means every format is.
  for (const summary of await listProducts()) {
    if (summary.price === null || summary.stock?.status !== "OutOfStock") continue;
    product = await getProduct(summary.slug);
    soldOut = product.variants.find((variant) => !variant.isPurchasable && variant.price !== null)!;
    if (soldOut) break;
  }
  expect(soldOut, "a priced book that is out of stock in every format").toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});

describe("an out-of-stock product page", () => {
  it("offers no 'Add to basket', and takes an email for the back-in-stock notice", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store/product/${product.slug}?variant=${soldOut.id}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await page.getByRole("button", { name: "Add to basket" }).count()).toBe(0);

    const form = page.getByRole("form", { name: `This ${soldOut.name.toLowerCase()} is out of stock` });
    await expectNoSeriousA11yViolations(page);
    const email = form.getByRole("textbox", { name: "Email address" });

    // A malformed address is refused beside the field (the browser's own check is bypassed to reach the server's).
    await email.evaluate((input: HTMLInputElement) => input.form?.setAttribute("novalidate", ""));
    await email.fill("not-an-email");
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await page.getByRole("alert").getByText("Enter a valid email address, like name@example.com.").waitFor();
    expect(await form.getByRole("textbox", { name: "Email address" }).inputValue()).toBe("not-an-email");
    expect(await form.getByRole("textbox", { name: "Email address" }).getAttribute("aria-invalid")).toBe("true");

    await form.getByRole("textbox", { name: "Email address" }).fill("Reader@Example.com");
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expectToast(page, "We'll email reader@example.com as soon as it's back in stock.");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("answers the same again when asked twice (one notice per address)", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store/product/${product.slug}?variant=${soldOut.id}`);
    const form = page.getByRole("form", { name: `This ${soldOut.name.toLowerCase()} is out of stock` });
    await form.getByRole("textbox", { name: "Email address" }).fill("reader@example.com");
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expectToast(page, "We'll email reader@example.com as soon as it's back in stock.");
    expectNoPageProblems(browser);
  });
});
