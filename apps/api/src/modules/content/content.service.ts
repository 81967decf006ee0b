import type { MenuItem, Page } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { checkPreviewToken } from "../../security/preview-links";
import { listPublishedProductsAfter } from "../catalog/published-products.service";
import { publishEvent } from "../jobs/job-queue";
import type { Store } from "../stores/stores.service";
import {
  countPages,
  countRedirects,
  findPageById,
  findPageByUrl,
  forgetRedirectsTo as deleteRedirectsTo,
  listMenuItems,
  listPageSummaries,
  listRedirects,
  recordMovedUrl as writeMovedUrl,
  type MenuItemRow,
} from "./content.repository";

/**
 * Records that a page moved from `oldUrl` to `newUrl` (a product, category, page or post given a new address): the
 * old address answers a 301 to the new one (content.repository.ts), and "redirects.changed" is published in the
 * caller's transaction, as the storefronts must answer it from then on (decision 064).
 */
export async function recordMovedUrl(db: Db, input: { storeId: number; oldUrl: string; newUrl: string }): Promise<void> {
  if (input.oldUrl === input.newUrl) return;
  await writeMovedUrl(db, input);
  await publishEvent(db, { type: "redirects.changed", storeId: input.storeId });
}

/**
 * Forgets the redirects that lead to a page gone for good (a deleted product), in the caller's transaction; publishes
 * "redirects.changed" when there were any.
 */
export async function forgetRedirectsTo(db: Db, input: { storeId: number; url: string }): Promise<void> {
  if ((await deleteRedirectsTo(db, input)) > 0) await publishEvent(db, { type: "redirects.changed", storeId: input.storeId });
}

interface PageRequest {
  PageNumber: number;
  PageSize: number;
}

function pageWindow({ PageNumber, PageSize }: PageRequest) {
  return { limit: PageSize, offset: (PageNumber - 1) * PageSize };
}

function pagedResult<T>(results: T[], total: number, { PageNumber, PageSize }: PageRequest) {
  return { results, total, pageNumber: PageNumber, pageSize: PageSize, totalPages: Math.ceil(total / PageSize) };
}

/**
 * The store's menu `code` as a tree ordered by position. A menu the store has not set up is empty rather
 * than a 404, so a new store's pages still render their header.
 */
export async function getMenuTree(db: Db, storeId: number, code: string): Promise<MenuItem[]> {
  return buildMenuTree(await listMenuItems(db, storeId, code));
}

/** Nests flat rows (already in position order) under their parents; rows whose parent is missing are dropped. */
function buildMenuTree(rows: MenuItemRow[]): MenuItem[] {
  const nodes = new Map<number, MenuItem>(rows.map((row) => [row.id, { id: row.id, label: row.label, url: row.url, subMenuItems: [] }]));
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.subMenuItems.push(node);
  }
  return roots;
}

/** One page of the store's redirect list (old URL -> new URL), ordered by old URL. */
export async function getRedirects(db: Db, storeId: number, query: PageRequest) {
  const [total, results] = await Promise.all([countRedirects(db, storeId), listRedirects(db, storeId, pageWindow(query))]);
  return pagedResult(results, total, query);
}

/** The content page at `url` ("/" is home); trailing slashes are ignored. Throws page_not_found. */
export async function getPageByUrl(db: Db, storeId: number, url: string): Promise<Page> {
  const path = url.length > 1 ? url.replace(/\/+$/, "") || "/" : url;
  const page = await findPageByUrl(db, storeId, path);
  if (!page) throw new AppError("page_not_found", `The page ${path} was not found`);
  return { ...page, updatedAt: page.updatedAt.toISOString() };
}

/**
 * A page through its preview link (decision 051), draft or not: read from the primary, so a page just written shows
 * at once. 404 `page_preview_link_invalid` for a token this shop did not sign for this store's page (or a page since
 * deleted); 410 `page_preview_link_expired` for a genuine one past its time.
 */
export async function getPagePreview(db: Db, storeId: number, secret: string, token: string): Promise<Page> {
  const check = checkPreviewToken(secret, { storeId, kind: "page" }, token);
  if (!check.valid) {
    throw new AppError(check.problem === "expired" ? "page_preview_link_expired" : "page_preview_link_invalid", { field: "body.token" });
  }
  const found = await findPageById(db, storeId, check.id);
  const page = found ? await findPageByUrl(db, storeId, found.url, { drafts: true }) : null;
  if (!page) throw new AppError("page_preview_link_invalid", { field: "body.token" });
  return { ...page, updatedAt: page.updatedAt.toISOString() };
}

/** One page of the store's content pages, ordered by URL. */
export async function getPageSummaries(db: Db, storeId: number, query: PageRequest) {
  const [total, rows] = await Promise.all([countPages(db, storeId), listPageSummaries(db, storeId, pageWindow(query))]);
  return pagedResult(
    rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total,
    query,
  );
}

/**
 * Published product slugs after id `after`, for sitemaps. `next` is the id to pass as `After` for the
 * following batch, or null at the end. Sitemaps are read by anonymous crawlers, so a store that hides its
 * products from anonymous visitors lists none, whoever asks.
 */
export async function getSitemapProducts(
  db: Db,
  store: Pick<Store, "id" | "anonymousCustomerProductPolicy">,
  after: number,
  limit: number,
) {
  if (store.anonymousCustomerProductPolicy === "HiddenForUnauthorized") return { results: [], next: null };
  const rows = await listPublishedProductsAfter(db, { storeId: store.id, afterId: after, limit: limit + 1 });
  const hasMore = rows.length > limit;
  const results = (hasMore ? rows.slice(0, limit) : rows).map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  return { results, next: hasMore ? results[results.length - 1]!.id : null };
}
