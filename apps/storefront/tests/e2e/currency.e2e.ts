import { ListProductsResponseSchema } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

const storefrontUrl = inject("storefrontUrl");
const CATEGORY = "gift-books-for-her";

const browser = sessionPerTest();

/** The API's first listed product in `currencyCode`, and its price as the shop formats it. */
async function firstProductIn(currencyCode: string) {
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { CategorySlug: CATEGORY, Sort: "popular", PageSize: 24, PageNumber: 1 },
    headers: { CurrencyCode: currencyCode },
  });
  const product = data.results[0];
  expect(product?.price, "the first book has a price").toBeTruthy();
  return { name: product!.name, slug: product!.slug, price: formatMoney(product!.price!.amount, currencyCode) };
}

/** The text of the product card that links to `name`. */
async function cardText(page: Page, name: string): Promise<string> {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .first()
    .innerText();
}

describe("switching the currency", () => {
  it("re-renders prices in euros, and keeps euros on the next pages", async () => {
    const { page } = browser;
    const inPounds = await firstProductIn("GBP");
    const inEuros = await firstProductIn("EUR");
    expect(inEuros.name).toBe(inPounds.name);

    await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
    expect(await cardText(page, inPounds.name)).toContain(inPounds.price);
    const main = page.getByRole("main");
    expect(await main.innerText()).toContain("£");

    // The header's currency form (a native form, so it works before and without JavaScript).
    const currency = page.getByRole("combobox", { name: "Currency", exact: true }).filter({ visible: true });
    await currency.selectOption("EUR");
    await page.getByRole("button", { name: "Update", exact: true }).filter({ visible: true }).click();

    await page.waitForFunction((price) => document.querySelector("main")?.textContent?.includes(price), inEuros.price);
    expect(new URL(page.url()).pathname).toBe(`/store/${CATEGORY}`);
    expect(await cardText(page, inEuros.name)).toContain(inEuros.price);
    const text = await main.innerText();
    expect(text).toContain("€");
    expect(text).not.toContain("£");
    expect(await currency.inputValue()).toBe("EUR");
    await expectNoSeriousA11yViolations(page);

    // The choice is kept (a cookie): the product page and a fresh load show euros too.
    await page.goto(`${storefrontUrl}/store/product/${inEuros.slug}`);
    await page.getByRole("heading", { level: 1, name: inEuros.name }).waitFor();
    const productText = await page.getByRole("main").innerText();
    expect(productText).toContain("€");
    expect(productText).not.toContain("£");
    expectNoPageProblems(browser);
  });
});
