import { BLOG_PAGE_SIZE, type BlogPost, type ListBlogPostsQuery } from "@quire/contracts";
import type { ApiClient } from "~/lib/api.server";
import { notFound } from "~/lib/not-found.server";
import { readThroughPreviewLink } from "~/lib/preview-link.server";

/** The blog's navigation: its categories (with posts counted) and the tags in use. */
export async function loadBlogNavigation(api: ApiClient) {
  const { data } = await api.call("listBlogCategories", {});
  return { categories: data.results.filter((category) => category.postCount > 0), tags: data.tags };
}

/**
 * The page a listing asks for in `?page=`: 1 when absent; a page that is not a whole number from 1 names no page
 * of the blog (404), as a page past the last does once the posts are counted.
 */
export function requestedPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw notFound(request);
  return Number(raw);
}

export type BlogFilter = Pick<ListBlogPostsQuery, "CategorySlug" | "Tag">;

/** One page of posts under a filter; 404 for a page past the last (an empty blog still has its first page). */
export async function loadPostsPage(api: ApiClient, request: Request, filter: BlogFilter) {
  const pageNumber = requestedPage(request);
  const { data } = await api.call("listBlogPosts", { query: { ...filter, PageNumber: pageNumber, PageSize: BLOG_PAGE_SIZE } });
  if (pageNumber > 1 && pageNumber > data.totalPages) throw notFound(request);
  return data;
}

/** A post by its slug, with its body and books; 404 when there is none published. */
export async function loadPost(api: ApiClient, request: Request, slug: string): Promise<BlogPost & Required<Pick<BlogPost, "body">>> {
  const { data } = await api.call("listBlogPosts", { query: { Slug: slug, PageNumber: 1, PageSize: 1 } });
  const post = data.results[0];
  if (!post?.body) throw notFound(request);
  return { ...post, body: post.body };
}

/**
 * A post through its preview link (`?preview=`, decision 051), published or not: a draft shows with its last change
 * as its date. A token that is not a preview token, is not this shop's, or expired, is a 404 like an unknown post.
 */
export async function loadPostPreview(
  api: ApiClient,
  request: Request,
  token: string,
): Promise<BlogPost & Required<Pick<BlogPost, "body">>> {
  const { data: post } = await readThroughPreviewLink(request, token, (checked) =>
    api.call("getBlogPostPreview", { body: { token: checked } }),
  );
  return { ...post, publishedAt: post.publishedAt ?? post.updatedAt, body: post.body ?? [] };
}
