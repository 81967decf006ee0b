import type { PageBlock } from "@quire/contracts";
import type { Db } from "../../db/client";
import { blogCategories, blogPostCategories, blogPostProducts, blogPosts, blogPostTags, blogTags } from "./blog.tables";

/*
 * How a blog is written: the demo seed and the tests use these, as a merchant's editor would. A post and its
 * links to categories, tags and books go in one transaction.
 */

export async function createBlogCategory(
  db: Db,
  input: { storeId: number; slug: string; name: string; description?: string; position?: number },
): Promise<{ id: number }> {
  const [row] = await db.insert(blogCategories).values(input).returning({ id: blogCategories.id });
  return row!;
}

export async function createBlogTag(db: Db, input: { storeId: number; slug: string; name: string }): Promise<{ id: number }> {
  const [row] = await db.insert(blogTags).values(input).returning({ id: blogTags.id });
  return row!;
}

export interface NewBlogPost {
  storeId: number;
  slug: string;
  title: string;
  excerpt: string;
  body: PageBlock[];
  heroImageUrl: string;
  heroImageAlt: string;
  author: string;
  /** Null: a draft. In the future: scheduled. */
  publishedAt: Date | null;
  categoryIds: number[];
  tagIds: number[];
  /** The books the post is about, in the order it shows them. */
  productIds: number[];
}

export async function createBlogPost(db: Db, input: NewBlogPost): Promise<{ id: number }> {
  const { categoryIds, tagIds, productIds, ...post } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...post, updatedAt: post.publishedAt ?? new Date() })
      .returning({ id: blogPosts.id });
    const postId = row!.id;
    if (categoryIds.length > 0)
      await tx.insert(blogPostCategories).values(categoryIds.map((categoryId, position) => ({ postId, categoryId, position })));
    if (tagIds.length > 0) await tx.insert(blogPostTags).values(tagIds.map((tagId) => ({ postId, tagId })));
    if (productIds.length > 0)
      await tx.insert(blogPostProducts).values(productIds.map((productId, position) => ({ postId, productId, position })));
    return { id: postId };
  });
}
