import {
  MAX_BLOG_RELATED_PRODUCTS,
  type BlogCategory,
  type BlogPost,
  type BlogPostPreview,
  type BlogTag,
  type ListBlogPostsQuery,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { getSummaries, type CatalogContext } from "../catalog/catalog.service";
import { keepPublishedProductIds } from "../catalog/published-products.service";
import { checkPreviewToken } from "../../security/preview-links";
import * as repository from "./blog.repository";

const isoOf = (value: Date | string) => new Date(value).toISOString();

function toPost(row: repository.BlogPostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    heroImage: { url: row.heroImageUrl, alt: row.heroImageAlt },
    author: row.author,
    publishedAt: isoOf(row.publishedAt),
    updatedAt: isoOf(row.updatedAt),
    categories: row.categories,
    tags: row.tags,
    ...(row.body ? { body: row.body } : {}),
  };
}

/** Every category (with its published posts counted) and the tags in use, for the blog's navigation. */
export async function listBlogNavigation(
  db: Db,
  storeId: number,
): Promise<{ results: BlogCategory[]; tags: (BlogTag & { postCount: number })[] }> {
  const [results, tags] = await Promise.all([repository.listCategories(db, storeId), repository.listTags(db, storeId)]);
  return { results, tags };
}

/** GET /blog-categories/by-slug: the category, or 404 blog_category_not_found. */
export async function requireBlogCategory(db: Db, storeId: number, slug: string): Promise<BlogCategory> {
  const category = await repository.findCategoryBySlug(db, storeId, slug);
  if (!category) throw new AppError("blog_category_not_found", `The blog category ${slug} was not found`, { field: "querystring.slug" });
  return category;
}

/**
 * GET /blog-posts: published posts, newest first, filtered by category, tag and slug together. Asked for by
 * slug, the post comes with its body and the related books this caller may see (the store's product policy:
 * none for a visitor when products are hidden from visitors).
 */
export async function listBlogPosts(db: Db, ctx: CatalogContext, query: ListBlogPostsQuery) {
  const filter = { categorySlug: query.CategorySlug, tagSlug: query.Tag, slug: query.Slug };
  const { PageNumber: pageNumber, PageSize: pageSize } = query;
  const withBody = query.Slug !== undefined;
  const page = await repository.listPosts(db, ctx.store.id, filter, { limit: pageSize, offset: (pageNumber - 1) * pageSize, withBody });
  const total = page.total ?? (await repository.countPosts(db, ctx.store.id, filter));
  let results = page.rows.map(toPost);
  if (withBody)
    results = await Promise.all(results.map(async (post) => ({ ...post, relatedProducts: await relatedProductsOf(db, ctx, post.id) })));
  return { results, total, pageNumber, pageSize, totalPages: Math.ceil(total / pageSize) };
}

/**
 * POST /blog-posts/preview: the post a preview link opens, as the blog would show it, published or not (a draft's
 * `publishedAt` is null). 404 `blog_preview_link_invalid` for a token this shop did not sign for this store or a post
 * since deleted; 410 `blog_preview_link_expired` for a genuine one past its time.
 */
export async function getBlogPostPreview(db: Db, ctx: CatalogContext, secret: string, token: string): Promise<BlogPostPreview> {
  const check = checkPreviewToken(secret, { storeId: ctx.store.id, kind: "post" }, token);
  if (!check.valid) {
    throw new AppError(check.problem === "expired" ? "blog_preview_link_expired" : "blog_preview_link_invalid", { field: "body.token" });
  }
  const row = await repository.findPostForPreview(db, ctx.store.id, check.id);
  if (!row) throw new AppError("blog_preview_link_invalid", { field: "body.token" });
  const post = toPost({ ...row, publishedAt: row.publishedAt ?? row.updatedAt, total: 1 });
  return {
    ...post,
    publishedAt: row.publishedAt === null ? null : post.publishedAt,
    relatedProducts: await relatedProductsOf(db, ctx, post.id),
  };
}

async function relatedProductsOf(db: Db, ctx: CatalogContext, postId: number) {
  if (!getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId }).productsVisible) return [];
  return getSummaries(db, ctx, await listPublishedLinkedIds(db, postId, MAX_BLOG_RELATED_PRODUCTS));
}

/** How many of a post's links are read at a time: enough that a few unpublished books rarely need a second read. */
const LINKS_PER_READ = MAX_BLOG_RELATED_PRODUCTS * 4;

/**
 * The first `limit` published products a post links to, in its order. The links are read a slice at a time and
 * the catalogue says which of each slice are published, until `limit` are found or the links run out: one read
 * of each for almost every post, and never a read of all of a post's links at once.
 */
async function listPublishedLinkedIds(db: Db, postId: number, limit: number): Promise<number[]> {
  const found: number[] = [];
  let after: repository.LinkCursor | null = null;
  while (found.length < limit) {
    const links = await repository.listLinkedProducts(db, postId, { after, limit: LINKS_PER_READ });
    found.push(
      ...(await keepPublishedProductIds(
        db,
        links.map((link) => link.productId),
      )),
    );
    if (links.length < LINKS_PER_READ) break;
    after = links[links.length - 1]!;
  }
  return found.slice(0, limit);
}
