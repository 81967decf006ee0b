import { AutocompleteResponseSchema, ListProductsResponseSchema, ProductFiltersResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

/*
 * Search in the browser (issue 11), against the demo shop through the real storefront and API: the header's
 * combobox by keyboard, the results page with filters and pages, "did you mean", the page when nothing is
 * found, and all of it without JavaScript.
 */

const storefrontUrl = inject("storefrontUrl");
/** A word with two pages of results in the demo shop, and books in more than one format. */
const WORD = "garden";
const RESULTS_QUERY = { SearchText: WORD, Sort: "relevance", PageSize: 24 };

const browser = sessionPerTest();
const noScript = sessionPerTest({ javaScriptEnabled: false });

const searchBox = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Search books" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

async function resultNames(page: Page): Promise<string[]> {
  const links = page
    .getByRole("main")
    .getByRole("list", { name: /results?$/ })
    .getByRole("heading")
    .getByRole("link");
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((name) => name.trim());
}

describe("the header search box", () => {
  it("suggests books, categories and authors as the shopper types, and opens the one chosen by keyboard", async () => {
    const { page } = browser;
    const { data: expected } = await getFromApi("/products/search/autocomplete", AutocompleteResponseSchema, {
      query: { SearchText: "salt" },
    });
    expect(expected.products.length, "the demo shop has books with salt in the title").toBeGreaterThan(1);

    await page.goto(`${storefrontUrl}/`);
    await searchBox(page).focus();
    await page.keyboard.type("salt");
    const options = suggestions(page).getByRole("option");
    await options.first().waitFor();
    expect(await searchBox(page).getAttribute("aria-expanded")).toBe("true");
    const books = suggestions(page).getByRole("group", { name: "Books" }).getByRole("option");
    expect((await books.allInnerTexts()).map((text) => text.split("\n")[0]!.trim())).toEqual(
      expected.products.map((product) => product.name),
    );
    // The typed part is marked in each title.
    expect(await books.first().locator("mark").first().textContent()).toMatch(/^salt$/i);
    await page.getByRole("status").filter({ hasText: "suggestions" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Down twice: the second book, announced as the active option while focus stays in the box.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const second = books.nth(1);
    expect(await second.getAttribute("aria-selected")).toBe("true");
    expect(await searchBox(page).getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    // The list is at most 200 px high, and the option the arrows reached is in view.
    expect(await suggestions(page).evaluate((list) => getComputedStyle(list).maxHeight)).toBe("200px");
    const inView = () =>
      second.evaluate((option) => {
        const list = option.closest('[role="listbox"]')!.getBoundingClientRect();
        const box = option.getBoundingClientRect();
        return box.top >= list.top && box.bottom <= list.bottom;
      });
    await expect.poll(inView).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${storefrontUrl}/store/product/${expected.products[1]!.slug}`);
    await page.getByRole("heading", { level: 1, name: expected.products[1]!.name }).waitFor();
    expect(await suggestions(page).isVisible()).toBe(false);
    expectNoPageProblems(browser);
  });

  it("closes the list with Escape, and Enter then searches for what was typed", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store`);
    await searchBox(page).focus();
    await page.keyboard.type(WORD);
    await suggestions(page).getByRole("option").first().waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => suggestions(page).isVisible()).toBe(false);
    expect(await searchBox(page).getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${storefrontUrl}/search?q=${WORD}`);
    await page.getByRole("heading", { level: 1, name: `Results for “${WORD}”` }).waitFor();
    expectNoPageProblems(browser);
  });
});

describe("the search results page", () => {
  it("lists what the API ranks best, then narrows by a filter and pages, all in the URL", async () => {
    const { page } = browser;
    const { data: first } = await getFromApi("/products", ListProductsResponseSchema, { query: { ...RESULTS_QUERY, PageNumber: 1 } });
    const { data: second } = await getFromApi("/products", ListProductsResponseSchema, { query: { ...RESULTS_QUERY, PageNumber: 2 } });
    expect(first.totalPages, `"${WORD}" has two pages of results`).toBe(2);

    const response = await page.goto(`${storefrontUrl}/search?q=${WORD}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
    await page.getByRole("heading", { name: `${first.total} results` }).waitFor();
    expect(await resultNames(page)).toEqual(first.results.map((product) => product.name));
    expect(await page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("relevance");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL(`${storefrontUrl}/search?q=${WORD}&page=2`);
    await expect.poll(() => resultNames(page)).toEqual(second.results.map((product) => product.name));

    const { data: filters } = await getFromApi("/product-filters", ProductFiltersResponseSchema, { query: { SearchText: WORD } });
    const format = filters.facets.find((facet) => facet.code === "format")!;
    const value = format.values.find((candidate) => candidate.count > 0 && candidate.count < filters.total)!;
    expect(value, "a format only some results come in").toBeDefined();
    const filterPanel = page.getByRole("complementary", { name: "Filters" });
    // With JavaScript ticking the box applies it; without, "Apply filters" does. Both keep the search text.
    await filterPanel.getByRole("group", { name: format.name }).getByRole("checkbox", { name: value.label }).click();
    await filterPanel.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === WORD && url.searchParams.getAll("format").includes(value.code));
    await page.getByRole("heading", { name: `${value.count} ${value.count === 1 ? "result" : "results"}` }).waitFor();
    expectNoPageProblems(browser);
  });

  it("offers the correction of a misspelt word, and the page for it", async () => {
    const { page } = browser;
    const { data } = await getFromApi("/products", ListProductsResponseSchema, { query: { SearchText: "gardn" } });
    expect(data.didYouMean).toBe(WORD);
    await page.goto(`${storefrontUrl}/search?q=gardn`);
    await page.getByRole("heading", { name: `${data.total} results` }).waitFor();
    await page.getByRole("main").getByRole("link", { name: WORD, exact: true }).click();
    await page.waitForURL(`${storefrontUrl}/search?q=${WORD}`);
    await page.getByRole("heading", { level: 1, name: `Results for “${WORD}”` }).waitFor();
    expectNoPageProblems(browser);
  });

  it("helps when nothing is found: tips, a search box, the categories and popular books", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/search?q=zzqxjv`);
    await page.getByRole("heading", { level: 2, name: "Nothing matched your search" }).waitFor();
    await page.getByRole("main").getByRole("search", { name: "Search again" }).getByRole("combobox").waitFor();
    expect(await page.getByRole("list", { name: "Browse by category" }).getByRole("link").count()).toBeGreaterThan(0);
    expect(await page.getByRole("list", { name: "Popular right now" }).getByRole("listitem").count()).toBe(4);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});

describe("search without JavaScript", () => {
  it("searches from the header, sorts with the Sort button and pages", async () => {
    const { page } = noScript;
    const { data: byName } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { ...RESULTS_QUERY, Sort: "name-asc", PageNumber: 1 },
    });
    await page.goto(`${storefrontUrl}/`);
    await searchBox(page).fill(WORD);
    await searchBox(page).press("Enter");
    await page.waitForURL(`${storefrontUrl}/search?q=${WORD}`);
    await page.getByRole("heading", { level: 1, name: `Results for “${WORD}”` }).waitFor();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("name-asc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(`${storefrontUrl}/search?q=${WORD}&sort=name-asc`);
    expect(await resultNames(page)).toEqual(byName.results.map((product) => product.name));
    expectNoPageProblems(noScript);
  });
});
