import { PageBlockSchema, SlugSchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS, DEMO_BLOG_TAGS } from "./demo-blog";

describe("the demo shop's blog", () => {
  it("has at least twelve posts, each a whole post: title, excerpt, author, picture text and a body", () => {
    expect(DEMO_BLOG_POSTS.length).toBeGreaterThanOrEqual(12);
    for (const post of DEMO_BLOG_POSTS) {
      expect(SlugSchema.safeParse(post.slug).success, post.slug).toBe(true);
      expect(post.title.length, post.slug).toBeGreaterThan(0);
      expect(post.title.length, post.slug).toBeLessThanOrEqual(120);
      expect(post.excerpt.length, post.slug).toBeGreaterThan(0);
      expect(post.excerpt.length, post.slug).toBeLessThanOrEqual(300);
      expect(post.heroAlt.length, post.slug).toBeGreaterThan(0);
      expect(post.body.filter((block) => block.type === "paragraph").length, post.slug).toBeGreaterThanOrEqual(3);
      for (const block of post.body) expect(PageBlockSchema.safeParse(block).success, post.slug).toBe(true);
      expect(Number.isNaN(Date.parse(post.publishedAt)), post.slug).toBe(false);
    }
    expect(new Set(DEMO_BLOG_POSTS.map((post) => post.slug)).size).toBe(DEMO_BLOG_POSTS.length);
  });

  it("files every post under categories and tags it has, with three posts or more per category and two per tag", () => {
    const categories = new Set(DEMO_BLOG_CATEGORIES.map((category) => category.slug));
    const tags = new Set(DEMO_BLOG_TAGS.map((tag) => tag.slug));
    for (const post of DEMO_BLOG_POSTS) {
      expect(post.categories.length, post.slug).toBeGreaterThan(0);
      for (const slug of post.categories) expect(categories.has(slug), `${post.slug}: ${slug}`).toBe(true);
      for (const slug of post.tags) expect(tags.has(slug), `${post.slug}: ${slug}`).toBe(true);
    }
    for (const category of categories)
      expect(DEMO_BLOG_POSTS.filter((post) => post.categories.includes(category)).length, category).toBeGreaterThanOrEqual(3);
    for (const tag of tags) expect(DEMO_BLOG_POSTS.filter((post) => post.tags.includes(tag)).length, tag).toBeGreaterThanOrEqual(2);
  });
});
