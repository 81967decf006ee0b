import { ListBlogCategoriesResponseSchema, ListBlogPostsResponseSchema } from "@quire/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";

/*
 * The blog in the browser (issue 12, section 1), against the demo shop's posts: from the footer to the list, by
 * category and by tag to a post, the pages, the post's books and structured data, and 404s for what is not there.
 */

const storefrontUrl = inject("storefrontUrl");
const browser = sessionPerTest();
const noScript = sessionPerTest({ javaScriptEnabled: false });

/** The titles of the posts listed on the page, in order. */
async function postTitles(page: Page): Promise<string[]> {
  const links = page.getByRole("region", { name: "Posts" }).getByRole("heading").getByRole("link");
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((title) => title.trim());
}

const latestPosts = async (query: Record<string, unknown> = {}) =>
  (await getFromApi("/blog-posts", ListBlogPostsResponseSchema, { query: { PageSize: 12, ...query } })).data;

describe("the blog", () => {
  it("goes from the footer to the newest posts, and pages through them", async () => {
    const { page } = browser;
    const first = await latestPosts();
    expect(first.totalPages, "the demo blog fills more than one page").toBeGreaterThan(1);
    await page.goto(`${storefrontUrl}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "From the shop" }).waitFor();
    expect(await postTitles(page)).toEqual(first.results.map((post) => post.title));
    await expectNoSeriousA11yViolations(page);

    const second = await latestPosts({ PageNumber: 2 });
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL(`${storefrontUrl}/blog/list?page=2`);
    // The address changes as the new page's data arrives; the list follows in the next render.
    await expect.poll(() => postTitles(page)).toEqual(second.results.map((post) => post.title));
    expectNoPageProblems(browser);
  });

  it("goes by category to a post, and from its tag to the tag's posts", async () => {
    const { page } = browser;
    const { data: navigation } = await getFromApi("/blog-categories", ListBlogCategoriesResponseSchema);
    const category = navigation.results.find((candidate) => candidate.postCount > 0)!;
    const inCategory = await latestPosts({ CategorySlug: category.slug });

    await page.goto(`${storefrontUrl}/blog/list`);
    await page
      .getByRole("navigation", { name: "Blog categories" })
      .getByRole("link", { name: new RegExp(`^${category.name}`) })
      .click();
    await page.getByRole("heading", { level: 1, name: category.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/category/${category.slug}`);
    expect(await postTitles(page)).toEqual(inCategory.results.map((post) => post.title));
    await expectNoSeriousA11yViolations(page);

    const chosen = inCategory.results.find((post) => post.tags.length > 0)!;
    const {
      results: [full],
    } = await latestPosts({ Slug: chosen.slug });
    await page.getByRole("link", { name: chosen.title, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: chosen.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/post/${chosen.slug}`);
    await page.getByText(`By ${chosen.author}`).waitFor();
    const firstParagraph = full!.body!.find((block) => block.type === "paragraph");
    if (firstParagraph?.type === "paragraph") await page.getByText(firstParagraph.text).waitFor();
    await expect(page.getByRole("img", { name: chosen.heroImage.alt }).getAttribute("src")).resolves.toBe(chosen.heroImage.url);
    if (full!.relatedProducts!.length > 0) {
      const books = page.getByRole("region", { name: "Books in this post" }).getByRole("heading").getByRole("link");
      await books.first().waitFor();
      expect((await books.allInnerTexts()).map((name) => name.trim())).toEqual(full!.relatedProducts!.map((book) => book.name));
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: chosen.title,
      datePublished: chosen.publishedAt,
      author: { "@type": "Person", name: chosen.author },
      url: `${storefrontUrl}/blog/post/${chosen.slug}`,
    });
    await expectNoSeriousA11yViolations(page);

    const tag = chosen.tags[0]!;
    const tagged = await latestPosts({ Tag: tag.slug });
    await page
      .getByRole("navigation", { name: "Tags" })
      .getByRole("link", { name: `#${tag.name}` })
      .click();
    await page.getByRole("heading", { level: 1, name: `Posts tagged ${tag.name}` }).waitFor();
    expect(await postTitles(page)).toEqual(tagged.results.map((post) => post.title));
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("works without JavaScript", async () => {
    const { page } = noScript;
    const [newest] = (await latestPosts()).results;
    await page.goto(`${storefrontUrl}/blog/list`);
    await page.getByRole("link", { name: newest!.title, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: newest!.title }).waitFor();
  });

  it.each([
    ["a category that does not exist", "/blog/category/no-such-category"],
    ["a tag no post carries", "/blog/tag/no-such-tag"],
    ["a post that does not exist", "/blog/post/no-such-post"],
    ["a page past the last", "/blog/list?page=99"],
    ["a page that is no number", "/blog/list?page=two"],
    ["an address that is no slug", "/blog/post/Not_A_Slug"],
  ])("answers 404 for %s", async (_name, path) => {
    const response = await fetch(`${storefrontUrl}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(`Page Not Found: ${path.split("?")[0]}`);
  });

  it("lists the blog, its categories and every post in the pages sitemap", async () => {
    const xml = await (await fetch(`${storefrontUrl}/index-sitemap.xml`)).text();
    const all = await latestPosts({ PageSize: 48 });
    expect(xml).toContain(`<loc>${storefrontUrl}/blog/list</loc>`);
    for (const post of all.results) expect(xml).toContain(`<loc>${storefrontUrl}/blog/post/${post.slug}</loc>`);
  });
});
