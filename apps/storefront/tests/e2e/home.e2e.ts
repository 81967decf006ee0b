import { CategoryTreeResponseSchema, MenuTreeResponseSchema } from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

const storefrontUrl = inject("storefrontUrl");
/** The featured store category links the footer shows. */
const FEATURED_CATEGORY_PATHS = [
  "/store/gift-books-for-her",
  "/store/gift-books-for-him",
  "/store/gifts-books-by-occasion",
  "/store/books-by-interest",
  "/store/childrens-books",
  "/store/trending",
  "/store/view-all",
];

const browser = sessionPerTest();

describe("the home page", () => {
  it("renders with the main navigation and the featured categories", async () => {
    const { page } = browser;
    const response = await page.goto(`${storefrontUrl}/`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1 }).waitFor();

    // Navigation shows the categories that have child nodes, as the API's tree has them,
    // each under the main menu's label for it when the menu links to it, else under its own name.
    const tree = (await getFromApi("/categories/tree", CategoryTreeResponseSchema)).data.nodes;
    const menu = (await getFromApi("/menus/main/tree", MenuTreeResponseSchema)).data.data;
    const groups = tree
      .filter((category) => category.nodes.length > 0)
      .map((category) => ({ ...category, label: menu.find((item) => item.url === `/store/${category.slug}`)?.label ?? category.name }));
    expect(groups.length).toBeGreaterThan(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const group of groups) {
      await nav.getByText(group.label, { exact: true }).waitFor();
    }

    // A group opens (a native disclosure, so without JavaScript too) onto links to its subcategories.
    const [group] = groups;
    await nav.getByText(group!.label, { exact: true }).click();
    for (const child of group!.nodes) {
      const link = nav.getByRole("link", { name: child.name, exact: true });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe(`/store/${child.slug}`);
    }

    // The page's own content links every featured category.
    const mainHrefs = await page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(mainHrefs).toEqual(expect.arrayContaining(FEATURED_CATEGORY_PATHS));

    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("follows a featured category link to its category page", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/`);
    const tree = (await getFromApi("/categories/tree", CategoryTreeResponseSchema)).data.nodes;
    const category = tree.find((node) => node.slug === "gift-books-for-her");
    expect(category, "the seed's gift-books-for-her category").toBeDefined();

    await page.getByRole("main").getByRole("link", { name: category!.name }).first().click();
    await page.waitForURL(`${storefrontUrl}/store/gift-books-for-her`);
    await page.getByRole("heading", { level: 1, name: category!.name }).waitFor();
    expectNoPageProblems(browser);
  });
});
