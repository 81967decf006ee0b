import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { menuItems, menus, pages, redirects } from "./content.tables";

export interface MenuItemRow {
  id: number;
  parentId: number | null;
  label: string;
  url: string;
}

/** Every item of the store's menu `code`, flat, in position order (none when the menu does not exist). */
export async function listMenuItems(db: Db, storeId: number, code: string): Promise<MenuItemRow[]> {
  return db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      label: menuItems.label,
      url: menuItems.url,
    })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .where(and(eq(menus.storeId, storeId), eq(menus.code, code)))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
}

export async function countRedirects(db: Db, storeId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(redirects).where(eq(redirects.storeId, storeId));
  return row?.total ?? 0;
}

export async function listRedirects(db: Db, storeId: number, page: { limit: number; offset: number }) {
  return db
    .select({ oldUrl: redirects.oldUrl, newUrl: redirects.newUrl })
    .from(redirects)
    .where(eq(redirects.storeId, storeId))
    .orderBy(asc(redirects.oldUrl))
    .limit(page.limit)
    .offset(page.offset);
}

/** The store's page at `url`: a published one, or with `drafts` a draft too (a preview link's reader). */
export async function findPageByUrl(db: Db, storeId: number, url: string, options: { drafts?: boolean } = {}) {
  const [row] = await db
    .select({
      id: pages.id,
      url: pages.url,
      title: pages.title,
      metaDescription: pages.metaDescription,
      blocks: pages.blocks,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.url, url), options.drafts ? undefined : eq(pages.isPublished, true)))
    .limit(1);
  return row ?? null;
}

/** The store's page with this id, published or not (for its preview link). */
export async function findPageById(db: Db, storeId: number, id: number) {
  const [row] = await db
    .select({ url: pages.url })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
  return row ?? null;
}

export async function countPages(db: Db, storeId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.isPublished, true)));
  return row?.total ?? 0;
}

export async function listPageSummaries(db: Db, storeId: number, page: { limit: number; offset: number }) {
  return db
    .select({ id: pages.id, url: pages.url, title: pages.title, updatedAt: pages.updatedAt })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.isPublished, true)))
    .orderBy(asc(pages.url))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Forgets the redirects that lead to a page that is gone for good (a deleted product): its old addresses answer 404
 * like it, rather than lead one day to whatever takes its address next. In the caller's transaction; answers how many
 * were forgotten.
 */
export async function forgetRedirectsTo(db: Db, input: { storeId: number; url: string }): Promise<number> {
  const deleted = await db
    .delete(redirects)
    .where(and(eq(redirects.storeId, input.storeId), eq(redirects.newUrl, input.url)))
    .returning({ id: redirects.id });
  return deleted.length;
}

/**
 * Records that a page moved from `oldUrl` to `newUrl`: the old address answers a 301 to the new one, redirects that
 * led to the old address lead straight to the new one (no chains), and a redirect away from the new address is
 * dropped (a page moved back is served again). One statement each, in the caller's transaction.
 */
export async function recordMovedUrl(db: Db, input: { storeId: number; oldUrl: string; newUrl: string }): Promise<void> {
  if (input.oldUrl === input.newUrl) return;
  await db.delete(redirects).where(and(eq(redirects.storeId, input.storeId), eq(redirects.oldUrl, input.newUrl)));
  await db
    .update(redirects)
    .set({ newUrl: input.newUrl })
    .where(and(eq(redirects.storeId, input.storeId), eq(redirects.newUrl, input.oldUrl)));
  await db
    .insert(redirects)
    .values({ storeId: input.storeId, oldUrl: input.oldUrl, newUrl: input.newUrl })
    .onConflictDoUpdate({ target: [redirects.storeId, redirects.oldUrl], set: { newUrl: input.newUrl } });
}
