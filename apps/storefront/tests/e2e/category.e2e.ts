import { CategoryDetailResponseSchema, ListProductsResponseSchema, ProductFiltersResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { MAX_LISTED_VALUES } from "../../app/features/catalog/listing-facets";
import { getFromApi } from "./demo-api";

const storefrontUrl = inject("storefrontUrl");
const CATEGORY = "gift-books-for-her";
/** What a listing asks the API for by default: the most popular first, 24 to a page. */
const LISTING_QUERY = { Sort: "popular", PageSize: 24, PageNumber: 1 };

const browser = sessionPerTest();

/** The product grid: the list named by the results heading ("N results"). */
function productGrid(page: Page) {
  return page.getByRole("main").getByRole("list", { name: /\d+ results?$/ });
}

async function productNamesShown(page: Page): Promise<string[]> {
  // The cards' title links (a card also holds "Add to basket" and the favourite toggle).
  const links = productGrid(page).getByRole("heading").getByRole("link");
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((name) => name.trim());
}

describe("a category page", () => {
  it("lists the category's products, most popular first", async () => {
    const { page } = browser;
    const { data: category } = await getFromApi(`/categories/slug=${CATEGORY}`, CategoryDetailResponseSchema);
    const { data: expected } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: CATEGORY, ...LISTING_QUERY },
    });
    expect(expected.results.length, "the seed puts books in this category").toBeGreaterThan(0);

    const response = await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: category.name }).waitFor();
    await page.getByRole("heading", { name: `${expected.total} results` }).waitFor();
    expect(await productNamesShown(page)).toEqual(expected.results.map((product) => product.name));

    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("narrows the list with a filter, keeps the filter in the URL, and keeps it on reload", async () => {
    const { page } = browser;
    const { data: filters } = await getFromApi("/product-filters", ProductFiltersResponseSchema, { query: { CategorySlug: CATEGORY } });
    const format = filters.facets.find((facet) => facet.code === "format");
    // A value that some, but not all, of the category's books have: choosing it must narrow the list.
    const value = format?.values.find((candidate) => candidate.count > 0 && candidate.count < filters.total);
    expect(value, "a format only some of the category's books come in").toBeDefined();
    const { data: narrowed } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: CATEGORY, Filters: [{ Code: "format", Values: [value!.code] }], ...LISTING_QUERY },
    });
    expect(narrowed.total).toBeLessThan(filters.total);

    await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
    await page.getByRole("heading", { name: `${filters.total} results` }).waitFor();
    const filterPanel = page.getByRole("complementary", { name: "Filters" });
    const checkbox = filterPanel.getByRole("group", { name: format!.name }).getByRole("checkbox", { name: value!.label });
    // A screen reader hears the value and its count as one phrase, without stray spaces: "Hardback (90 products)".
    const fullName = `${value!.label} (${value!.count} products)`;
    expect(await filterPanel.getByRole("checkbox", { name: fullName, exact: true }).count()).toBe(1);
    // With JavaScript ticking the box applies it; without, "Apply filters" does. Both end on the same URL.
    await checkbox.click();
    await filterPanel.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.getAll("format").includes(value!.code));
    await page.getByRole("heading", { name: `${narrowed.total} results` }).waitFor();
    // The count's heading and the list are drawn from one answer, but on a busy machine the list was once read as it
    // still stood before the filter: wait for the narrowed list itself.
    await expect.poll(() => productNamesShown(page)).toEqual(narrowed.results.map((product) => product.name));
    expect(await checkbox.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const filteredUrl = page.url();
    await page.reload();
    expect(page.url()).toBe(filteredUrl);
    await page.getByRole("heading", { name: `${narrowed.total} results` }).waitFor();
    expect(await productNamesShown(page)).toEqual(narrowed.results.map((product) => product.name));
    expect(await checkbox.isChecked()).toBe(true);
    expectNoPageProblems(browser);
  });

  it("lists the most common values of a long facet, keeps a ticked rare one, and says the rest are left out", async () => {
    const { page } = browser;
    const LONG = "gifts-books-by-occasion";
    const { data: filters } = await getFromApi("/product-filters", ProductFiltersResponseSchema, { query: { CategorySlug: LONG } });
    const author = filters.facets.find((facet) => facet.code === "author");
    const offered = author?.values.filter((value) => value.count > 0) ?? [];
    expect(offered.length, "the seed gives this category more authors than the panel lists").toBeGreaterThan(MAX_LISTED_VALUES);
    const mostCommon = offered.toSorted((a, b) => b.count - a.count).slice(0, MAX_LISTED_VALUES);
    const rare = offered.find((value) => !mostCommon.includes(value))!;
    const listedLabels = (names: string[]) => offered.filter((value) => names.includes(value.code)).map((value) => value.label);

    await page.goto(`${storefrontUrl}/store/${LONG}`);
    const group = page.getByRole("complementary", { name: "Filters" }).getByRole("group", { name: author!.name });
    await group.getByText(`Show ${MAX_LISTED_VALUES - 6} more`).click();
    await group.getByText(/most common are listed/).waitFor();
    const labelsOf = async () =>
      await group.getByRole("checkbox").evaluateAll((boxes) => boxes.map((box) => box.closest("label")!.innerText));
    const shown = (await labelsOf()).map((text) => text.split("\n")[0]!.trim());
    expect(shown).toEqual(listedLabels(mostCommon.map((value) => value.code)));
    await expectNoSeriousA11yViolations(page);

    // A value chosen from elsewhere (a shared link) stays in the list, ticked, though it is not among them.
    await page.goto(`${storefrontUrl}/store/${LONG}?author=${rare.code}`);
    const ticked = group.getByRole("checkbox", { name: rare.label });
    expect(await ticked.isChecked()).toBe(true);
    // Counted in the markup: the ones folded under "Show more" are out of the accessibility tree until opened.
    expect(await group.locator('input[type="checkbox"]').count()).toBe(MAX_LISTED_VALUES + 1);
    expectNoPageProblems(browser);
  });
});
