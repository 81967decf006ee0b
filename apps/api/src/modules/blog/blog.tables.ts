import type { PageBlock } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, type PgColumn } from "drizzle-orm/pg-core";
import { products } from "../catalog/catalog.tables";
import { stores } from "../stores/stores.tables";

/** A slug column's check: lower-case words joined by single hyphens, at most 200 characters, as the contracts take them. */
const slugCheck = (name: string, slug: PgColumn) => check(name, sql`${slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${slug}) <= 200`);

export const blogCategories = pgTable(
  "blog_categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    position: integer().notNull().default(0),
  },
  (t) => [unique("blog_categories_store_slug_unique").on(t.storeId, t.slug), slugCheck("blog_categories_slug_check", t.slug)],
);

export const blogTags = pgTable(
  "blog_tags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique("blog_tags_store_slug_unique").on(t.storeId, t.slug), slugCheck("blog_tags_slug_check", t.slug)],
);

/**
 * A blog post. Visible once `published_at` has come: a draft has none, a scheduled post a time still ahead. The
 * body is typed blocks, as content pages are (decision 005).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    title: text().notNull(),
    excerpt: text().notNull().default(""),
    body: jsonb().$type<PageBlock[]>().notNull().default([]),
    heroImageUrl: text().notNull(),
    heroImageAlt: text().notNull().default(""),
    author: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("blog_posts_store_slug_unique").on(t.storeId, t.slug),
    slugCheck("blog_posts_slug_check", t.slug),
    // The blog's pages: newest published first, keyed so that a page reads its rows in order.
    index("blog_posts_store_published_idx").on(t.storeId, t.publishedAt.desc(), t.id.desc()),
  ],
);

export const blogPostCategories = pgTable(
  "blog_post_categories",
  {
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] }), index("blog_post_categories_category_idx").on(t.categoryId, t.postId)],
);

export const blogPostTags = pgTable(
  "blog_post_tags",
  {
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tags_tag_idx").on(t.tagId, t.postId)],
);

/** The books a post is about, in the order it shows them. */
export const blogPostProducts = pgTable(
  "blog_post_products",
  {
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.productId] }), index("blog_post_products_product_idx").on(t.productId)],
);
