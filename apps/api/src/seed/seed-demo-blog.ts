import type { Db } from "../db/client";
import { createBlogCategory, createBlogPost, createBlogTag } from "../modules/blog/blog-writes";
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS, DEMO_BLOG_TAGS } from "./demo-blog";

/** The address of a post's generated hero picture (the storefront draws it from the slug). */
export const blogHeroUrl = (slug: string) => `/media/blog/${slug}.svg`;

/**
 * The demo shop's blog: its categories, tags and posts, each post linked to the demo books it is about.
 * `productIdsBySlug` maps the demo books' slugs to their ids; a post naming a book that is not there fails the
 * seed (the demo content and the demo books must agree).
 */
export async function seedDemoBlog(db: Db, storeId: number, productIdsBySlug: ReadonlyMap<string, number>) {
  const categoryIds = new Map<string, number>();
  for (const [position, category] of DEMO_BLOG_CATEGORIES.entries())
    categoryIds.set(category.slug, (await createBlogCategory(db, { storeId, position, ...category })).id);
  const tagIds = new Map<string, number>();
  for (const tag of DEMO_BLOG_TAGS) tagIds.set(tag.slug, (await createBlogTag(db, { storeId, ...tag })).id);

  const idOf = (ids: ReadonlyMap<string, number>, kind: string, post: string) => (slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`The demo blog post ${post} names the ${kind} ${slug}, which the demo shop does not have`);
    return id;
  };
  for (const post of DEMO_BLOG_POSTS) {
    await createBlogPost(db, {
      storeId,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      author: post.author,
      heroImageUrl: blogHeroUrl(post.slug),
      heroImageAlt: post.heroAlt,
      publishedAt: new Date(post.publishedAt),
      categoryIds: post.categories.map(idOf(categoryIds, "category", post.slug)),
      tagIds: post.tags.map(idOf(tagIds, "tag", post.slug)),
      productIds: post.relatedProductSlugs.map(idOf(productIdsBySlug, "book", post.slug)),
    });
  }
}
