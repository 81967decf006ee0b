import { ProductFiltersResponseSchema } from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

/**
 * A listing's filter and sort chosen one right after the other, with JavaScript (issue 26): a sort chosen while
 * the filter's navigation is still loading keeps the filter, so both end up in the URL and on the page. The
 * filter's answer is held back (Playwright routing) until the sort has been chosen, so the race runs every time.
 */
const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();
const CATEGORY = "gift-books-for-her";

describe("a listing's filter and sort", () => {
  it("keeps a filter still loading when a sort is chosen, and shows both", async () => {
    const { page } = browser;
    const { data: filters } = await getFromApi("/product-filters", ProductFiltersResponseSchema, { query: { CategorySlug: CATEGORY } });
    const format = filters.facets.find((facet) => facet.code === "format")!;
    const value = format.values.find((candidate) => candidate.count > 0 && candidate.count < filters.total)!;
    await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);

    // The filter's navigation reads /store/<category>.data?format=...: its answer waits until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const filterRequested = new Promise<void>((resolve) => (reached = resolve));
    await page.route(
      (url) => url.pathname === `/store/${CATEGORY}.data` && url.searchParams.has("format") && !url.searchParams.has("sort"),
      async (route) => {
        reached();
        await held;
        // The sort's navigation has taken over by now, and the browser may have dropped this request.
        await route.continue().catch(() => {});
      },
      { times: 1 },
    );

    const filterPanel = page.getByRole("complementary", { name: "Filters" });
    await filterPanel.getByRole("group", { name: format.name }).getByRole("checkbox", { name: value.label }).click();
    await filterRequested;
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("newest");
    await page.waitForURL((url) => url.searchParams.get("sort") === "newest");
    release();

    const url = new URL(page.url());
    expect(url.searchParams.getAll("format")).toEqual([value.code]);
    await page.getByRole("heading", { name: new RegExp(`^${value.count} results?$`) }).waitFor();
    expect(await filterPanel.getByRole("group", { name: format.name }).getByRole("checkbox", { name: value.label }).isChecked()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("newest");
    expectNoPageProblems(browser);
  });
});
