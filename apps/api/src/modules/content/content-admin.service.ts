import type {
  AdminMenu,
  AdminPage,
  AdminPageBlockInput,
  AdminRedirect,
  CreateAdminPageBody,
  CreateAdminRedirectBody,
  PageBlock,
  PutAdminMenuBody,
  UpdateAdminPageBody,
  UpdateAdminRedirectBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import { publishEvent } from "../jobs/job-queue";
import {
  deleteMenu,
  deletePage,
  deleteRedirect,
  findMenu,
  findPageById,
  findRedirect,
  findRedirectFrom,
  insertPage,
  insertRedirect,
  pageUrlTaken,
  replaceMenuItems,
  updatePageFields,
  updateRedirect,
  upsertMenu,
} from "./content-admin.repository";
import { getMenuTree, recordMovedUrl } from "./content.service";
import { renderMarkdown } from "./markdown";
import { createPreviewToken } from "../../security/preview-links";

export { listAdminPages, listAdminRedirects, listMenus as listAdminMenus } from "./content-admin.repository";

/*
 * The merchant's content (decision 051): pages, menus and redirects. Each write is one transaction on the primary
 * with its audit entry. The public reads (content.routes.ts) keep no copy, so the next read after the commit sees it;
 * the storefronts' page caches hear of it by the event each write publishes (content_page.changed, menu.changed,
 * redirects.changed; decision 064).
 */

// ---------------------------------------------------------------- pages

/** A page's blocks as stored: a Markdown block gains its sanitised HTML; the others are stored as sent. */
export function storedBlocksOf(blocks: readonly AdminPageBlockInput[]): PageBlock[] {
  return blocks.map((block) => (block.type === "markdown" ? { ...block, html: renderMarkdown(block.markdown) } : block));
}

const pageTaken = () => new AppError("page_url_taken", { field: "body.url" });

export async function requireAdminPage(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<AdminPage> {
  const row = await findPageById(db, storeId, id, options);
  if (!row) throw new AppError("page_not_found", "No page of this store has this id");
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The page's fields as the audit log compares them (its time of change is the entry's own). */
const audited = ({ updatedAt: _updatedAt, id: _id, ...fields }: AdminPage) => fields;

/**
 * Creates a page at a path the store has no page at (409 `page_url_taken`). A redirect away from that path is
 * dropped: it would answer before the page and hide it.
 */
export async function createAdminPage(db: Db, write: AdminWrite, body: CreateAdminPageBody): Promise<AdminPage> {
  return db.transaction(async (tx) => {
    if (await pageUrlTaken(tx, write.storeId, body.url)) throw pageTaken();
    const id = await insertPage(tx, {
      storeId: write.storeId,
      url: body.url,
      title: body.title,
      metaDescription: body.metaDescription ?? "",
      blocks: storedBlocksOf(body.blocks ?? []),
      isPublished: body.isPublished ?? true,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error, "pages_store_url_unique")) throw pageTaken();
      throw error;
    });
    const shadowing = await findRedirectFrom(tx, write.storeId, body.url);
    if (shadowing) {
      await deleteRedirect(tx, shadowing.id);
      await publishEvent(tx, { type: "redirects.changed", storeId: write.storeId });
    }
    const created = await requireAdminPage(tx, write.storeId, id);
    await recordAdminWrite(tx, write, { type: "page", id, changes: changedFields(null, audited(created)) });
    await publishEvent(tx, { type: "content_page.changed", storeId: write.storeId, pageId: id });
    return created;
  });
}

/** Changes a page; a new path keeps the old one answering with a 301 to it (the content module's moved-URL record). */
export async function updateAdminPage(db: Db, write: AdminWrite, id: number, body: UpdateAdminPageBody): Promise<AdminPage> {
  return db.transaction(async (tx) => {
    const before = await requireAdminPage(tx, write.storeId, id, { forUpdate: true });
    if (body.url !== undefined && body.url !== before.url && (await pageUrlTaken(tx, write.storeId, body.url, id))) throw pageTaken();
    await updatePageFields(tx, id, {
      url: body.url,
      title: body.title,
      metaDescription: body.metaDescription,
      blocks: body.blocks === undefined ? undefined : storedBlocksOf(body.blocks),
      isPublished: body.isPublished,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error, "pages_store_url_unique")) throw pageTaken();
      throw error;
    });
    if (body.url !== undefined && body.url !== before.url) {
      await recordMovedUrl(tx, { storeId: write.storeId, oldUrl: before.url, newUrl: body.url });
    }
    const after = await requireAdminPage(tx, write.storeId, id);
    const changes = changedFields(audited(before), audited(after));
    if (changes) {
      await recordAdminWrite(tx, write, { type: "page", id, changes });
      await publishEvent(tx, { type: "content_page.changed", storeId: write.storeId, pageId: id });
    }
    return after;
  });
}

/**
 * A link that shows the page as it stands, draft or not, to whoever has it, for BLOG_PREVIEW_LINK_DAYS: the page's
 * address in the shop with `?preview=`. Nothing is stored: the link is signed (security/preview-links.ts).
 */
export async function createAdminPagePreviewLink(
  db: Db,
  write: AdminWrite,
  options: { secret: string; storefrontUrl: string },
  id: number,
) {
  return db.transaction(async (tx) => {
    const page = await requireAdminPage(tx, write.storeId, id);
    const { token, expiresAt } = createPreviewToken(options.secret, { storeId: write.storeId, kind: "page", id });
    await recordAdminWrite(tx, write, { type: "page", id, changes: null });
    const url = new URL(page.url, options.storefrontUrl);
    url.searchParams.set("preview", token);
    return { token, url: url.toString(), expiresAt: expiresAt.toISOString() };
  });
}

/** Deletes a page: its path answers 404 from then on (add a redirect to send its visitors elsewhere). */
export async function deleteAdminPage(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireAdminPage(tx, write.storeId, id, { forUpdate: true });
    await deletePage(tx, id);
    await recordAdminWrite(tx, write, { type: "page", id, changes: changedFields(audited(before), null) });
    await publishEvent(tx, { type: "content_page.changed", storeId: write.storeId, pageId: id });
  });
}

// ---------------------------------------------------------------- menus

export async function requireAdminMenu(db: Db, storeId: number, code: string, options: { forUpdate?: boolean } = {}): Promise<AdminMenu> {
  const menu = await findMenu(db, storeId, code, options);
  if (!menu) throw new AppError("menu_not_found");
  return { code: menu.code, name: menu.name, items: await getMenuTree(db, storeId, code) };
}

/** A menu's tree without the rows' ids, which a replacement renews: what the audit log compares. */
function auditedMenu(menu: AdminMenu | null) {
  if (!menu) return null;
  type Item = AdminMenu["items"][number];
  const strip = (items: Item[]): unknown[] =>
    items.map((item) => ({
      label: item.label,
      url: item.url,
      ...(item.subMenuItems.length ? { subMenuItems: strip(item.subMenuItems) } : {}),
    }));
  return { name: menu.name, items: strip(menu.items) };
}

/** Sets the menu `code` (created when the store lacks it): its name and its whole tree, in order. */
export async function putAdminMenu(db: Db, write: AdminWrite, code: string, body: PutAdminMenuBody): Promise<AdminMenu> {
  return db.transaction(async (tx) => {
    const existing = await findMenu(tx, write.storeId, code, { forUpdate: true });
    const before = existing ? await requireAdminMenu(tx, write.storeId, code) : null;
    const menuId = await upsertMenu(tx, write.storeId, code, body.name);
    await replaceMenuItems(tx, menuId, body.items);
    const after = await requireAdminMenu(tx, write.storeId, code);
    const changes = changedFields(auditedMenu(before), auditedMenu(after));
    if (changes) {
      await recordAdminWrite(tx, write, { type: "menu", id: code, changes });
      await publishEvent(tx, { type: "menu.changed", storeId: write.storeId, code });
    }
    return after;
  });
}

/** Deletes a menu and its items; the storefront then shows that menu empty (a menu it reads is never a 404). */
export async function deleteAdminMenu(db: Db, write: AdminWrite, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const menu = await findMenu(tx, write.storeId, code, { forUpdate: true });
    if (!menu) throw new AppError("menu_not_found");
    const before = await requireAdminMenu(tx, write.storeId, code);
    await deleteMenu(tx, menu.id);
    await recordAdminWrite(tx, write, { type: "menu", id: code, changes: changedFields(auditedMenu(before), null) });
    await publishEvent(tx, { type: "menu.changed", storeId: write.storeId, code });
  });
}

// ---------------------------------------------------------------- redirects

/** A target as the storefront would look it up: no query, lower-case, no trailing slash. */
function pathKeyOf(url: string): string {
  const path = url.split("?")[0]!.toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/** The most redirects a chain is followed through when looking for a loop; a longer chain is refused as one. */
const MAX_CHAIN = 20;

/**
 * Whether a redirect from `from` to `to` would lead back to `from`: the chain of the store's redirects is followed
 * from `to` (leaving out the redirect `exceptId` being changed). Throws 409 `redirect_loop`.
 */
async function assertNoLoop(db: Db, storeId: number, from: string, to: string, exceptId?: number): Promise<void> {
  let current = pathKeyOf(to);
  for (let step = 0; step <= MAX_CHAIN; step++) {
    if (current === from) throw new AppError("redirect_loop", { field: "body.newUrl" });
    const next = await findRedirectFrom(db, storeId, current, exceptId);
    if (!next) return;
    current = pathKeyOf(next.newUrl);
  }
  throw new AppError("redirect_loop", `The redirects from this path pass through more than ${MAX_CHAIN} others`, { field: "body.newUrl" });
}

const redirectTaken = () => new AppError("redirect_taken", { field: "body.oldUrl" });

export async function requireAdminRedirect(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const redirect = await findRedirect(db, storeId, id, options);
  if (!redirect) throw new AppError("redirect_not_found");
  return redirect;
}

/** Adds a redirect: 409 `redirect_taken` for a path already redirected, 409 `redirect_loop` for a circle. */
export async function createAdminRedirect(db: Db, write: AdminWrite, body: CreateAdminRedirectBody): Promise<AdminRedirect> {
  return db.transaction(async (tx) => {
    if (await findRedirectFrom(tx, write.storeId, body.oldUrl)) throw redirectTaken();
    await assertNoLoop(tx, write.storeId, body.oldUrl, body.newUrl);
    const id = await insertRedirect(tx, { storeId: write.storeId, ...body }).catch((error: unknown) => {
      if (isUniqueViolation(error, "redirects_store_old_url_unique")) throw redirectTaken();
      throw error;
    });
    const created = { id, oldUrl: body.oldUrl, newUrl: body.newUrl };
    await recordAdminWrite(tx, write, { type: "redirect", id, changes: changedFields(null, { oldUrl: body.oldUrl, newUrl: body.newUrl }) });
    await publishEvent(tx, { type: "redirects.changed", storeId: write.storeId });
    return created;
  });
}

export async function updateAdminRedirect(db: Db, write: AdminWrite, id: number, body: UpdateAdminRedirectBody): Promise<AdminRedirect> {
  return db.transaction(async (tx) => {
    const before = await requireAdminRedirect(tx, write.storeId, id, { forUpdate: true });
    const after = { id, oldUrl: body.oldUrl ?? before.oldUrl, newUrl: body.newUrl ?? before.newUrl };
    if (after.oldUrl !== before.oldUrl && (await findRedirectFrom(tx, write.storeId, after.oldUrl, id))) throw redirectTaken();
    await assertNoLoop(tx, write.storeId, after.oldUrl, after.newUrl, id);
    await updateRedirect(tx, id, { oldUrl: after.oldUrl, newUrl: after.newUrl }).catch((error: unknown) => {
      if (isUniqueViolation(error, "redirects_store_old_url_unique")) throw redirectTaken();
      throw error;
    });
    const { id: _before, ...was } = before;
    const { id: _after, ...now } = after;
    const changes = changedFields(was, now);
    if (changes) {
      await recordAdminWrite(tx, write, { type: "redirect", id, changes });
      await publishEvent(tx, { type: "redirects.changed", storeId: write.storeId });
    }
    return after;
  });
}

export async function deleteAdminRedirect(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { id: _id, ...before } = await requireAdminRedirect(tx, write.storeId, id, { forUpdate: true });
    await deleteRedirect(tx, id);
    await recordAdminWrite(tx, write, { type: "redirect", id, changes: changedFields(before, null) });
    await publishEvent(tx, { type: "redirects.changed", storeId: write.storeId });
  });
}
