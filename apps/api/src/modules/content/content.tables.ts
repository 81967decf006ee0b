import type { PageBlock } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, type AnyPgColumn } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

export const menus = pgTable(
  "menus",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique("menus_store_code_unique").on(t.storeId, t.code)],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => menuItems.id, { onDelete: "cascade" }),
    label: text().notNull(),
    url: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index("menu_items_menu_idx").on(t.menuId, t.parentId, t.position)],
);

/**
 * A content block of a page. Pages are stored as typed blocks rather than HTML so the storefront renders
 * them with its own components and no markup from the database reaches the browser unescaped, but for a Markdown
 * block's HTML, which the API sanitised when it was written (decision 051). The block's
 * shape is the contract's (the API answers it as stored); the blog's posts are written in the same blocks.
 */
export type { PageBlock };

export const pages = pgTable(
  "pages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Path the page answers at: "/" for home, "/about"... */
    url: text().notNull(),
    title: text().notNull(),
    metaDescription: text().notNull().default(""),
    blocks: jsonb().$type<PageBlock[]>().notNull().default([]),
    /** A draft is the merchant's alone (and whoever holds its preview link) until it is published. */
    isPublished: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("pages_store_url_unique").on(t.storeId, t.url), check("pages_url_check", sql`${t.url} ~ '^/[a-z0-9/-]*$'`)],
);

/** Old URL -> new URL, answered with HTTP 301 by the storefront. */
export const redirects = pgTable(
  "redirects",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    oldUrl: text().notNull(),
    newUrl: text().notNull(),
  },
  (t) => [unique("redirects_store_old_url_unique").on(t.storeId, t.oldUrl)],
);
