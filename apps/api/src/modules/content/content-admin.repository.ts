import type { AdminListPagesQuery, AdminListRedirectsQuery, PageBlock } from "@quire/contracts";
import { and, asc, count, desc, eq, ilike, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { menuItems, menus, pages, redirects } from "./content.tables";
import { keysetPage } from "../../db/keyset-page";

// The merchant's writes of the content tables (decision 051), and the reads they need (the primary's, with locks).

// ---------------------------------------------------------------- pages

const pageColumns = {
  id: pages.id,
  url: pages.url,
  title: pages.title,
  metaDescription: pages.metaDescription,
  blocks: pages.blocks,
  isPublished: pages.isPublished,
  updatedAt: pages.updatedAt,
};

export async function findPageById(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select(pageColumns)
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function pageUrlTaken(db: Db, storeId: number, url: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(pages.storeId, storeId), eq(pages.url, url)];
  if (exceptId !== undefined) conditions.push(ne(pages.id, exceptId));
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export interface PageFields {
  url?: string;
  title?: string;
  metaDescription?: string;
  blocks?: PageBlock[];
  isPublished?: boolean;
}

export async function insertPage(db: Db, input: PageFields & { storeId: number; url: string; title: string }): Promise<number> {
  const [row] = await db.insert(pages).values(input).returning({ id: pages.id });
  return row!.id;
}

export async function updatePageFields(db: Db, id: number, fields: PageFields): Promise<void> {
  await db
    .update(pages)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(pages.id, id));
}

export async function deletePage(db: Db, id: number): Promise<void> {
  await db.delete(pages).where(eq(pages.id, id));
}

export async function listAdminPages(db: Db, storeId: number, query: AdminListPagesQuery) {
  const conditions: SQL[] = [eq(pages.storeId, storeId)];
  if (query.before !== undefined) conditions.push(lt(pages.id, query.before));
  if (query.search !== undefined) {
    const pattern = `%${likeEscaped(query.search)}%`;
    conditions.push(or(ilike(pages.url, pattern), ilike(pages.title, pattern))!);
  }
  const rows = await db
    .select({ id: pages.id, url: pages.url, title: pages.title, isPublished: pages.isPublished, updatedAt: pages.updatedAt })
    .from(pages)
    .where(and(...conditions))
    .orderBy(desc(pages.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return {
    pages: page.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    nextBefore: next,
  };
}

// ---------------------------------------------------------------- menus

/** Every menu of the store with its count of items, by code (a store has a handful; 100 at most are listed). */
export async function listMenus(db: Db, storeId: number) {
  return db
    .select({ code: menus.code, name: menus.name, itemCount: count(menuItems.id) })
    .from(menus)
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .where(eq(menus.storeId, storeId))
    .groupBy(menus.id, menus.code, menus.name)
    .orderBy(asc(menus.code))
    .limit(100);
}

export async function findMenu(db: Db, storeId: number, code: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ id: menus.id, code: menus.code, name: menus.name })
    .from(menus)
    .where(and(eq(menus.storeId, storeId), eq(menus.code, code)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The store's menu `code` with `name`, created if the store lacks it; its id. */
export async function upsertMenu(db: Db, storeId: number, code: string, name: string): Promise<number> {
  const [row] = await db
    .insert(menus)
    .values({ storeId, code, name })
    .onConflictDoUpdate({ target: [menus.storeId, menus.code], set: { name } })
    .returning({ id: menus.id });
  return row!.id;
}

export interface MenuItemWrite {
  label: string;
  url: string;
  subMenuItems?: MenuItemWrite[];
}

/** Replaces a menu's items with `items`, in their order; each parent is written before its children. */
export async function replaceMenuItems(db: Db, menuId: number, items: readonly MenuItemWrite[]): Promise<void> {
  await db.delete(menuItems).where(eq(menuItems.menuId, menuId));
  const write = async (level: readonly MenuItemWrite[], parentId: number | null) => {
    for (const [position, item] of level.entries()) {
      const [row] = await db
        .insert(menuItems)
        .values({ menuId, parentId, label: item.label, url: item.url, position })
        .returning({ id: menuItems.id });
      if (item.subMenuItems?.length) await write(item.subMenuItems, row!.id);
    }
  };
  await write(items, null);
}

export async function deleteMenu(db: Db, menuId: number): Promise<void> {
  await db.delete(menus).where(eq(menus.id, menuId));
}

// ---------------------------------------------------------------- redirects

const redirectColumns = { id: redirects.id, oldUrl: redirects.oldUrl, newUrl: redirects.newUrl };

export async function findRedirect(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select(redirectColumns)
    .from(redirects)
    .where(and(eq(redirects.storeId, storeId), eq(redirects.id, id)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The redirect answering `oldUrl`, other than `exceptId`. */
export async function findRedirectFrom(db: Db, storeId: number, oldUrl: string, exceptId?: number) {
  const conditions = [eq(redirects.storeId, storeId), eq(redirects.oldUrl, oldUrl)];
  if (exceptId !== undefined) conditions.push(ne(redirects.id, exceptId));
  const [row] = await db
    .select(redirectColumns)
    .from(redirects)
    .where(and(...conditions))
    .limit(1);
  return row ?? null;
}

export async function insertRedirect(db: Db, input: { storeId: number; oldUrl: string; newUrl: string }): Promise<number> {
  const [row] = await db.insert(redirects).values(input).returning({ id: redirects.id });
  return row!.id;
}

export async function updateRedirect(db: Db, id: number, fields: { oldUrl?: string; newUrl?: string }): Promise<void> {
  await db.update(redirects).set(fields).where(eq(redirects.id, id));
}

export async function deleteRedirect(db: Db, id: number): Promise<void> {
  await db.delete(redirects).where(eq(redirects.id, id));
}

export async function listAdminRedirects(db: Db, storeId: number, query: AdminListRedirectsQuery) {
  const conditions: SQL[] = [eq(redirects.storeId, storeId)];
  if (query.before !== undefined) conditions.push(lt(redirects.id, query.before));
  if (query.search !== undefined) conditions.push(ilike(redirects.oldUrl, `%${likeEscaped(query.search)}%`));
  const rows = await db
    .select(redirectColumns)
    .from(redirects)
    .where(and(...conditions))
    .orderBy(desc(redirects.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return { redirects: page, nextBefore: next };
}
