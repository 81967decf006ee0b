import type {
  AdminBlogCategory,
  AdminBlogPost,
  AdminListBlogPostsQuery,
  CreateAdminBlogCategoryBody,
  CreateAdminBlogPostBody,
  PageBlock,
  UpdateAdminBlogCategoryBody,
  UpdateAdminBlogPostBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { createPreviewToken } from "../../security/preview-links";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import { findProductIdsNotOfStore } from "../catalog/published-products.service";
import { enqueue, publishEvent } from "../jobs/job-queue";
import { recordMovedUrl } from "../content/content.service";
import { renderMarkdown } from "../content/markdown";
import * as repository from "./blog-admin.repository";

/*
 * The merchant's blog (decision 051): categories, tags (made by the posts that use them) and posts written in
 * Markdown. Each write is one transaction on the primary with its audit entry; the public blog reads keep no copy, so
 * the next read after the commit sees it, and the storefronts' page caches hear of it by "blog.changed" (decision 064). A post's body is stored as one Markdown block: the source and its
 * sanitised HTML, rendered once here. A scheduled post appears by itself when its time comes, with no write to say so:
 * the blog-post-live job, queued for that time, says it.
 */

/** The storefront's addresses of the blog, for the 301s a changed slug leaves behind. */
export const blogPostPath = (slug: string) => `/blog/post/${slug}`;
export const blogCategoryPath = (slug: string) => `/blog/category/${slug}`;

// ---------------------------------------------------------------- categories

export async function listAdminBlogNavigation(db: Db, storeId: number) {
  const [categories, tags] = await Promise.all([repository.listAdminCategories(db, storeId), repository.listAdminTags(db, storeId)]);
  return { categories, tags };
}

export async function requireAdminBlogCategory(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const category = await repository.findAdminCategory(db, storeId, id, options);
  if (!category) throw new AppError("blog_category_not_found", "No blog category of this store has this id");
  return category;
}

const categoryTaken = () => new AppError("blog_category_taken", { field: "body.slug" });
const mapCategoryTaken = (error: unknown): never => {
  if (isUniqueViolation(error, "blog_categories_store_slug_unique")) throw categoryTaken();
  throw error;
};
const auditedCategory = ({ postCount: _count, id: _id, ...fields }: AdminBlogCategory) => fields;

export async function createAdminBlogCategory(db: Db, write: AdminWrite, body: CreateAdminBlogCategoryBody): Promise<AdminBlogCategory> {
  return db.transaction(async (tx) => {
    if (await repository.categorySlugTaken(tx, write.storeId, body.slug)) throw categoryTaken();
    const id = await repository.insertCategory(tx, { storeId: write.storeId, ...body }).catch(mapCategoryTaken);
    const created = await requireAdminBlogCategory(tx, write.storeId, id);
    await recordAdminWrite(tx, write, { type: "blog_category", id, changes: changedFields(null, auditedCategory(created)) });
    await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
    return created;
  });
}

/** Changes a category; a new slug keeps the category's old page answering with a 301. */
export async function updateAdminBlogCategory(
  db: Db,
  write: AdminWrite,
  id: number,
  body: UpdateAdminBlogCategoryBody,
): Promise<AdminBlogCategory> {
  return db.transaction(async (tx) => {
    const before = await requireAdminBlogCategory(tx, write.storeId, id, { forUpdate: true });
    const slugChanges = body.slug !== undefined && body.slug !== before.slug;
    if (slugChanges && (await repository.categorySlugTaken(tx, write.storeId, body.slug!, id))) throw categoryTaken();
    await repository.updateCategory(tx, id, body).catch(mapCategoryTaken);
    if (slugChanges) {
      await recordMovedUrl(tx, { storeId: write.storeId, oldUrl: blogCategoryPath(before.slug), newUrl: blogCategoryPath(body.slug!) });
    }
    const after = await requireAdminBlogCategory(tx, write.storeId, id);
    const changes = changedFields(auditedCategory(before), auditedCategory(after));
    if (changes) {
      await recordAdminWrite(tx, write, { type: "blog_category", id, changes });
      await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
    }
    return after;
  });
}

/** Deletes a category; its posts stay, without it. */
export async function deleteAdminBlogCategory(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireAdminBlogCategory(tx, write.storeId, id, { forUpdate: true });
    await repository.deleteCategory(tx, id);
    await recordAdminWrite(tx, write, { type: "blog_category", id, changes: changedFields(auditedCategory(before), null) });
    await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
  });
}

// ---------------------------------------------------------------- posts

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** The Markdown source of a body that is one Markdown block (as the admin API writes it); null otherwise. */
function markdownOf(body: PageBlock[] | null): string | null {
  const [first, ...rest] = body ?? [];
  return first?.type === "markdown" && rest.length === 0 ? first.markdown : null;
}

function toAdminPost(row: repository.AdminPostRow): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    heroImage: { url: row.heroImageUrl, alt: row.heroImageAlt },
    markdown: markdownOf(row.body),
    body: row.body ?? [],
    status: row.publishedAt === null ? "draft" : row.isLive ? "published" : "scheduled",
    publishedAt: row.publishedAt === null ? null : isoOf(row.publishedAt),
    categories: row.categories,
    tags: row.tags,
    productIds: row.productIds,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

/** A post's fields as the audit log compares them: the Markdown source stands for the body, when there is one. */
function auditedPost(post: AdminBlogPost) {
  const { id: _id, createdAt: _created, updatedAt: _updated, status: _status, body, markdown, ...fields } = post;
  return { ...fields, ...(markdown === null ? { body } : { markdown }) };
}

export async function requireAdminBlogPost(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const row = await repository.findAdminPost(db, storeId, id, options);
  if (!row) throw new AppError("blog_post_not_found");
  return { post: toAdminPost(row), isLive: row.isLive };
}

export async function listAdminBlogPosts(db: Db, storeId: number, query: AdminListBlogPostsQuery) {
  const { rows, nextBefore } = await repository.listAdminPosts(db, storeId, query);
  return {
    posts: rows.map((row) => {
      const { markdown: _markdown, body: _body, ...post } = toAdminPost(row);
      return post;
    }),
    nextBefore,
  };
}

const postTaken = () => new AppError("blog_post_slug_taken", { field: "body.slug" });
const mapPostTaken = (error: unknown): never => {
  if (isUniqueViolation(error, "blog_posts_store_slug_unique")) throw postTaken();
  throw error;
};

/**
 * Sets a post's categories (by slug, in order), tags and books (in order); 404 `blog_category_not_found` for a slug
 * the store lacks, `product_not_found` for a product that is not the store's.
 */
async function setLinks(tx: Db, storeId: number, postId: number, body: UpdateAdminBlogPostBody): Promise<void> {
  if (body.categorySlugs !== undefined) {
    const slugs = [...new Set(body.categorySlugs)];
    const ids = await repository.categoryIdsBySlug(tx, storeId, slugs);
    const missing = slugs.find((slug) => !ids.has(slug));
    if (missing !== undefined) {
      throw new AppError("blog_category_not_found", `The blog category ${missing} was not found`, { field: "body.categorySlugs" });
    }
    await repository.replacePostCategories(
      tx,
      postId,
      slugs.map((slug) => ids.get(slug)!),
    );
  }
  if (body.tags !== undefined) await repository.replacePostTags(tx, postId, await repository.upsertTags(tx, storeId, body.tags));
  if (body.productIds !== undefined) {
    if ((await findProductIdsNotOfStore(tx, storeId, body.productIds)).length > 0) {
      throw new AppError("product_not_found", "A product is not one of this store's", { field: "body.productIds" });
    }
    await repository.replacePostProducts(tx, postId, body.productIds);
  }
}

/**
 * Queues the blog-post-live job for a scheduled post's publishedAt, in the write's transaction. A post moved to another
 * time gets a job for it too: the one queued before stays and, when it runs, publishes only if the post is live by then
 * (see announceScheduledPostLive).
 */
async function queueGoingLive(tx: Db, storeId: number, post: AdminBlogPost): Promise<void> {
  if (post.status !== "scheduled" || post.publishedAt === null) return;
  await enqueue(tx, "blog-post-live", { storeId, postId: post.id }, { startAfter: new Date(post.publishedAt) });
}

/**
 * The blog-post-live job: a scheduled post's time came, so the blog's pages now show it; publishes "blog.changed" for
 * the page caches to forget them. Publishes nothing for a post deleted, made a draft or moved later since (a later
 * time has a job of its own). A post published at once, or moved earlier, was announced by that change or its own
 * job: this one says "blog.changed" once more, harmlessly (the caches only render the blog's pages again).
 */
export async function announceScheduledPostLive(db: Db, job: { storeId: number; postId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repository.isPostLive(tx, job.storeId, job.postId))) return;
    await publishEvent(tx, { type: "blog.changed", storeId: job.storeId });
  });
}

const bodyOf = (markdown: string): PageBlock[] => [{ type: "markdown", markdown, html: renderMarkdown(markdown) }];
const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/** Creates a post (a draft unless `publishedAt` is given): 409 `blog_post_slug_taken`. */
export async function createAdminBlogPost(db: Db, write: AdminWrite, body: CreateAdminBlogPostBody): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    if (await repository.postSlugTaken(tx, write.storeId, body.slug)) throw postTaken();
    const id = await repository
      .insertPost(tx, {
        storeId: write.storeId,
        slug: body.slug,
        title: body.title,
        excerpt: body.excerpt ?? "",
        author: body.author,
        // Without a picture of its own, the one the storefront draws from the slug.
        heroImageUrl: body.heroImage?.url ?? `/media/blog/${body.slug}.svg`,
        heroImageAlt: body.heroImage?.alt ?? "",
        body: bodyOf(body.markdown),
        publishedAt: dateOf(body.publishedAt) ?? null,
      })
      .catch(mapPostTaken);
    await setLinks(tx, write.storeId, id, body);
    const { post } = await requireAdminBlogPost(tx, write.storeId, id);
    await recordAdminWrite(tx, write, { type: "blog_post", id, changes: changedFields(null, auditedPost(post)) });
    await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
    await queueGoingLive(tx, write.storeId, post);
    return post;
  });
}

/**
 * Changes a post. A new slug of a post that was live keeps its old address answering with a 301; a draft had no
 * address to keep.
 */
export async function updateAdminBlogPost(db: Db, write: AdminWrite, id: number, body: UpdateAdminBlogPostBody): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const { post: before, isLive } = await requireAdminBlogPost(tx, write.storeId, id, { forUpdate: true });
    const slugChanges = body.slug !== undefined && body.slug !== before.slug;
    if (slugChanges && (await repository.postSlugTaken(tx, write.storeId, body.slug!, id))) throw postTaken();
    await repository
      .updatePostFields(tx, id, {
        slug: body.slug,
        title: body.title,
        excerpt: body.excerpt,
        author: body.author,
        heroImageUrl: body.heroImage?.url,
        heroImageAlt: body.heroImage?.alt,
        body: body.markdown === undefined ? undefined : bodyOf(body.markdown),
        publishedAt: dateOf(body.publishedAt),
      })
      .catch(mapPostTaken);
    await setLinks(tx, write.storeId, id, body);
    if (slugChanges && isLive) {
      await recordMovedUrl(tx, { storeId: write.storeId, oldUrl: blogPostPath(before.slug), newUrl: blogPostPath(body.slug!) });
    }
    const { post: after } = await requireAdminBlogPost(tx, write.storeId, id);
    const changes = changedFields(auditedPost(before), auditedPost(after));
    if (changes) {
      await recordAdminWrite(tx, write, { type: "blog_post", id, changes });
      await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
    }
    // A post still scheduled for the time it had keeps the job queued for it then.
    if (after.publishedAt !== before.publishedAt) await queueGoingLive(tx, write.storeId, after);
    return after;
  });
}

/** Deletes a post with its links to categories, tags and books; its address answers 404 from then on. */
export async function deleteAdminBlogPost(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { post: before } = await requireAdminBlogPost(tx, write.storeId, id, { forUpdate: true });
    await repository.deletePost(tx, id);
    await recordAdminWrite(tx, write, { type: "blog_post", id, changes: changedFields(auditedPost(before), null) });
    await publishEvent(tx, { type: "blog.changed", storeId: write.storeId });
  });
}

/**
 * A signed link to the post's preview on the storefront, for BLOG_PREVIEW_LINK_DAYS. Nothing is stored, but the
 * making of a link is audited: it lets whoever holds it read the post before it is published.
 */
export async function createAdminBlogPostPreviewLink(
  db: Db,
  write: AdminWrite,
  options: { secret: string; storefrontUrl: string },
  id: number,
) {
  return db.transaction(async (tx) => {
    const { post } = await requireAdminBlogPost(tx, write.storeId, id);
    const { token, expiresAt } = createPreviewToken(options.secret, { storeId: write.storeId, kind: "post", id });
    await recordAdminWrite(tx, write, { type: "blog_post", id, changes: null });
    const url = new URL(blogPostPath(post.slug), options.storefrontUrl);
    url.searchParams.set("preview", token);
    return { token, url: url.toString(), expiresAt: expiresAt.toISOString() };
  });
}
