import {
  CategoryTreeResponseSchema,
  ListBlogCategoriesResponseSchema,
  ListBlogPostsResponseSchema,
  ListPagesResponseSchema,
  SitemapProductsResponseSchema,
  type CategoryNode,
} from "@quire/contracts";
import { describe, expect, inject, it } from "vitest";
import { getFromApi } from "./demo-api";

const storefrontUrl = inject("storefrontUrl");

/** The cookie pairs ("name=value") a response sets, by name. */
function cookiesSetBy(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((header) => {
      const pair = header.split(";")[0]!;
      return [pair.slice(0, pair.indexOf("=")), pair] as const;
    }),
  );
}

function postPreferences(fields: Record<string, string>, cookie = "") {
  return fetch(`${storefrontUrl}/preferences`, {
    method: "POST",
    body: new URLSearchParams(fields),
    // As a browser sends it: with its Origin, which the storefront's cross-site check requires.
    headers: { Origin: storefrontUrl, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

// The header's currency and country form, as a browser without JavaScript submits it.
describe("POST /preferences", () => {
  it("sets the currency and country, sends the shopper back, and flashes a toast once", async () => {
    const response = await postPreferences({ currencyCode: "EUR", countryCode: "FR", redirectTo: "/about?from=header" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/about?from=header");
    const cookies = cookiesSetBy(response);
    // The locale cookie (i18n_redirected=en) comes with the shopper's first recorded choice.
    expect([...cookies.keys()].sort()).toEqual(["country", "currency", "flash", "i18n_redirected"]);
    expect(cookies.get("i18n_redirected")).toBe("i18n_redirected=en");

    const cookie = [...cookies.values()].join("; ");
    const landing = await fetch(`${storefrontUrl}/about?from=header`, { headers: { Cookie: cookie } });
    const html = await landing.text();
    expect(html).toContain("Prices are now shown in EUR for delivery to France.");
    // The landing page clears the flash, so the next page does not show it again.
    expect(landing.headers.getSetCookie().some((header) => /^flash=;.*Max-Age=0/i.test(header))).toBe(true);
    const preferencesOnly = [cookies.get("currency"), cookies.get("country")].join("; ");
    const next = await fetch(`${storefrontUrl}/faq`, { headers: { Cookie: preferencesOnly } });
    expect(await next.text()).not.toContain("Prices are now shown in");
  });

  it("never redirects off the site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const response = await postPreferences({ currencyCode: "USD", redirectTo });
      expect(response.status, redirectTo).toBe(303);
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
  });

  it("ignores codes the store does not offer", async () => {
    const response = await postPreferences({ currencyCode: "JPY", countryCode: "JP", redirectTo: "/store" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/store");
    const cookies = cookiesSetBy(response);
    expect(cookies.has("currency")).toBe(false);
    expect(cookies.has("country")).toBe(false);
  });
});

// /shop/* is answered by the storefront itself (after the redirect list, which redirects.e2e.ts covers).
describe("legacy /shop URLs", () => {
  it("sends /shop to /store and an old category URL to the same category", async () => {
    const shop = await fetch(`${storefrontUrl}/shop`, { redirect: "manual" });
    expect(shop.status).toBe(301);
    expect(new URL(shop.headers.get("location")!, storefrontUrl).pathname).toBe("/store");

    const category = await fetch(`${storefrontUrl}/shop/childrens-books`, { redirect: "manual" });
    expect(category.status).toBe(301);
    expect(new URL(category.headers.get("location")!, storefrontUrl).pathname).toBe("/store/childrens-books");
  });

  it("answers 404 for old product URLs and anything else it cannot map", async () => {
    for (const path of ["/shop/prod/999999", "/shop/no-such-category", "/shop/a/b"]) {
      const response = await fetch(`${storefrontUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(`Page Not Found: ${path}`);
    }
  });
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

describe("sitemaps", () => {
  it("/sitemap.xml indexes the page and product sitemaps with absolute URLs", async () => {
    const response = await fetch(`${storefrontUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<sitemapindex");
    expect(locs(xml)).toEqual([`${storefrontUrl}/index-sitemap.xml`, `${storefrontUrl}/en-GB-sitemap.xml`]);
  });

  it("/index-sitemap.xml lists every content page, the store, every category and the blog", async () => {
    const xml = await (await fetch(`${storefrontUrl}/index-sitemap.xml`)).text();
    const pages = (await getFromApi("/pages", ListPagesResponseSchema, { query: { PageSize: 100 } })).data.results;
    const tree = (await getFromApi("/categories/tree", CategoryTreeResponseSchema)).data.nodes;
    const blog = (await getFromApi("/blog-categories", ListBlogCategoriesResponseSchema)).data;
    const posts = (await getFromApi("/blog-posts", ListBlogPostsResponseSchema, { query: { PageSize: 48 } })).data;
    expect(posts.totalPages, "the demo blog fits one page of 48").toBe(1);
    const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.nodes)]);
    const expected = [
      ...pages.map((page) => `${storefrontUrl}${page.url}`),
      `${storefrontUrl}/store`,
      ...flatten(tree).map((category) => `${storefrontUrl}/store/${category.slug}`),
      `${storefrontUrl}/blog/list`,
      ...blog.results.filter((category) => category.postCount > 0).map((category) => `${storefrontUrl}/blog/category/${category.slug}`),
      ...posts.results.map((post) => `${storefrontUrl}/blog/post/${post.slug}`),
    ];
    expect(locs(xml).sort()).toEqual(expected.sort());
  });

  it("/en-GB-sitemap.xml lists every product page", async () => {
    const xml = await (await fetch(`${storefrontUrl}/en-GB-sitemap.xml`)).text();
    const { data } = await getFromApi("/sitemap/products", SitemapProductsResponseSchema, { query: { Limit: 50000 } });
    expect(data.results.length).toBeGreaterThan(0);
    expect(locs(xml).sort()).toEqual(data.results.map((product) => `${storefrontUrl}/store/product/${product.slug}`).sort());
  });

  it("answers 404 for a malformed or exhausted product sitemap cursor", async () => {
    expect((await fetch(`${storefrontUrl}/en-GB-sitemap.xml?after=abc`)).status).toBe(404);
    expect((await fetch(`${storefrontUrl}/en-GB-sitemap.xml?after=2147483647`)).status).toBe(404);
  });
});
