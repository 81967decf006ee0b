import { MAX_BLOG_PAGE_SIZE, MAX_PAGE_SIZE } from "@quire/contracts";
import { BLOG_HOME, blogCategoryHref, blogPostHref } from "~/features/blog/blog-paths";
import { flattenCategoryTree, categoryHref } from "~/features/layout/navigation";
import { createApiClient } from "~/lib/api.server";
import { getCategoryTree } from "~/lib/shop-data.server";
import { MAX_URLS_PER_SITEMAP, type SitemapEntry } from "~/lib/sitemap-xml";

/*
 * Sitemaps list public, shopper-independent URLs, so they use a plain API client (store defaults), not
 * the shopper's currency and country.
 */
const api = () => createApiClient({ page: true });

/** The blog: its first page, each category with posts, and every published post with its last change. */
async function listBlogPaths(): Promise<{ path: string; lastmod?: string }[]> {
  const { data: navigation } = await api().call("listBlogCategories", {});
  const posts: { path: string; lastmod?: string }[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { data } = await api().call("listBlogPosts", { query: { PageNumber: pageNumber, PageSize: MAX_BLOG_PAGE_SIZE } });
    posts.push(...data.results.map((post) => ({ path: blogPostHref(post.slug), lastmod: post.updatedAt })));
    if (pageNumber >= data.totalPages || data.results.length === 0) break;
  }
  const categories = navigation.results
    .filter((category) => category.postCount > 0)
    .map((category) => ({ path: blogCategoryHref(category.slug) }));
  return [{ path: BLOG_HOME }, ...categories, ...posts];
}

/** Content pages (GET /pages, every page of results), the catalogue root, every category and the blog. */
export async function listPageAndCategoryPaths(): Promise<{ path: string; lastmod?: string }[]> {
  const pages: { path: string; lastmod?: string }[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { data } = await api().call("listPages", { query: { PageNumber: pageNumber, PageSize: MAX_PAGE_SIZE } });
    pages.push(...data.results.map((page) => ({ path: page.url, lastmod: page.updatedAt })));
    if (pageNumber >= data.totalPages || data.results.length === 0) break;
  }
  const categories = flattenCategoryTree(await getCategoryTree()).map((category) => ({ path: categoryHref(category.slug) }));
  return [...pages, { path: "/store" }, ...categories, ...(await listBlogPaths())];
}

/** One product sitemap file: up to 50,000 products after the id `after`, and where the next file starts. */
export async function listProductPaths(after: number): Promise<{ entries: { path: string; lastmod: string }[]; next: number | null }> {
  const { data } = await api().call("listSitemapProducts", { query: { After: after, Limit: MAX_URLS_PER_SITEMAP } });
  return {
    entries: data.results.map((product) => ({ path: `/store/product/${product.slug}`, lastmod: product.updatedAt })),
    next: data.next,
  };
}

/**
 * Where each product sitemap file starts: 0 for the first, then the keyset cursor of each further file.
 * Walks the product list once, 50,000 at a time; a shop under 50,000 products makes one call.
 */
export async function listProductSitemapStarts(): Promise<number[]> {
  const starts = [0];
  for (let after = 0; ;) {
    const { next } = await listProductPaths(after);
    if (next === null) return starts;
    starts.push(next);
    after = next;
  }
}

export function toEntries(origin: string, paths: { path: string; lastmod?: string }[]): SitemapEntry[] {
  return paths.map(({ path, lastmod }) => ({ loc: new URL(path, origin).toString(), lastmod }));
}
