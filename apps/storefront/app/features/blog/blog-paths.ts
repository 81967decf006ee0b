/** The blog's addresses (docs/storefront-behaviour/content-and-blog.md). */
export const BLOG_HOME = "/blog/list";
export const blogCategoryHref = (slug: string) => `/blog/category/${slug}`;
export const blogTagHref = (slug: string) => `/blog/tag/${slug}`;
export const blogPostHref = (slug: string) => `/blog/post/${slug}`;

/** A listing page's address: the page's own path, `?page=` from the second page on. */
export function blogPageHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
