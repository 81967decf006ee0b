import type { AdminListBlogPostsQuery, PageBlock } from "@quire/contracts";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { likeEscaped } from "../../db/like-pattern";
import { sqlRows } from "../../db/sql-rows";
import { blogCategories, blogPostCategories, blogPostProducts, blogPosts, blogPostTags, blogTags } from "./blog.tables";
import { keysetPage } from "../../db/keyset-page";

// The merchant's writes of the blog (decision 051), and the reads they need: every post, drafts and scheduled ones too.

// ---------------------------------------------------------------- categories and tags

export interface AdminCategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  position: number;
  postCount: number;
}

const adminCategoryColumns = sql`c.id, c.slug, c.name, c.description, c.position,
  (select count(*)::int from ${blogPostCategories} pc where pc.category_id = c.id) as "postCount"`;

export function listAdminCategories(db: Db, storeId: number): Promise<AdminCategoryRow[]> {
  return sqlRows<AdminCategoryRow>(
    db,
    sql`select ${adminCategoryColumns} from ${blogCategories} c where c.store_id = ${storeId} order by c.position, c.name, c.id limit 500`,
  );
}

export async function findAdminCategory(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const lock = options.forUpdate ? sql`for update of c` : sql``;
  const [row] = await sqlRows<AdminCategoryRow>(
    db,
    sql`select ${adminCategoryColumns} from ${blogCategories} c where c.store_id = ${storeId} and c.id = ${id} ${lock}`,
  );
  return row ?? null;
}

export async function categorySlugTaken(db: Db, storeId: number, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`select id from ${blogCategories} where store_id = ${storeId} and slug = ${slug}
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  return row !== undefined;
}

export interface CategoryFields {
  slug?: string;
  name?: string;
  description?: string;
  position?: number;
}

export async function insertCategory(db: Db, input: CategoryFields & { storeId: number; slug: string; name: string }): Promise<number> {
  const [row] = await db.insert(blogCategories).values(input).returning({ id: blogCategories.id });
  return row!.id;
}

export async function updateCategory(db: Db, id: number, fields: CategoryFields): Promise<void> {
  await db.update(blogCategories).set(fields).where(eq(blogCategories.id, id));
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.delete(blogCategories).where(eq(blogCategories.id, id));
}

/** The ids of the store's categories with these slugs, by slug. */
export async function categoryIdsBySlug(db: Db, storeId: number, slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: blogCategories.id, slug: blogCategories.slug })
    .from(blogCategories)
    .where(and(eq(blogCategories.storeId, storeId), inArray(blogCategories.slug, [...slugs])));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Every tag of the store with its posts counted (drafts too), by name. */
export function listAdminTags(db: Db, storeId: number) {
  return sqlRows<{ id: number; slug: string; name: string; postCount: number }>(
    db,
    sql`select t.id, t.slug, t.name, (select count(*)::int from ${blogPostTags} pt where pt.tag_id = t.id) as "postCount"
          from ${blogTags} t where t.store_id = ${storeId} order by t.name, t.id limit 1000`,
  );
}

/** The store's tags with these slugs, created when missing and renamed to the names given; their ids in order. */
export async function upsertTags(db: Db, storeId: number, tags: readonly { slug: string; name: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const tag of tags) {
    const [row] = await db
      .insert(blogTags)
      .values({ storeId, slug: tag.slug, name: tag.name })
      .onConflictDoUpdate({ target: [blogTags.storeId, blogTags.slug], set: { name: tag.name } })
      .returning({ id: blogTags.id });
    ids.push(row!.id);
  }
  return ids;
}

// ---------------------------------------------------------------- posts

export interface AdminPostRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  heroImageUrl: string;
  heroImageAlt: string;
  body: PageBlock[] | null;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** Whether published_at has come, by the database's clock. */
  isLive: boolean;
  categories: { slug: string; name: string }[];
  tags: { slug: string; name: string }[];
  /** The books the post names, in its order. */
  productIds: number[];
}

function adminPostColumns(withBody: boolean): SQL {
  return sql`p.id, p.slug, p.title, p.excerpt, p.author, p.hero_image_url as "heroImageUrl", p.hero_image_alt as "heroImageAlt",
    ${withBody ? sql`p.body` : sql`null::jsonb`} as body,
    p.published_at as "publishedAt", p.created_at as "createdAt", p.updated_at as "updatedAt",
    (p.published_at is not null and p.published_at <= now()) as "isLive",
    coalesce((select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.position, c.id)
                from ${blogPostCategories} pc join ${blogCategories} c on c.id = pc.category_id
               where pc.post_id = p.id), '[]'::json) as categories,
    coalesce((select json_agg(json_build_object('slug', t.slug, 'name', t.name) order by t.name)
                from ${blogPostTags} pt join ${blogTags} t on t.id = pt.tag_id
               where pt.post_id = p.id), '[]'::json) as tags,
    array(select pp.product_id from ${blogPostProducts} pp where pp.post_id = p.id order by pp.position, pp.product_id) as "productIds"`;
}

export async function findAdminPost(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}) {
  const lock = options.forUpdate ? sql`for update of p` : sql``;
  const [row] = await sqlRows<AdminPostRow>(
    db,
    sql`select ${adminPostColumns(true)} from ${blogPosts} p where p.store_id = ${storeId} and p.id = ${id} ${lock}`,
  );
  return row ?? null;
}

/** Whether the store's post has a publishedAt that has come, by the database's clock (false for no such post). */
export async function isPostLive(db: Db, storeId: number, id: number): Promise<boolean> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`select id from ${blogPosts} where store_id = ${storeId} and id = ${id} and published_at <= now()`,
  );
  return row !== undefined;
}

export async function postSlugTaken(db: Db, storeId: number, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`select id from ${blogPosts} where store_id = ${storeId} and slug = ${slug}
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  return row !== undefined;
}

export async function listAdminPosts(db: Db, storeId: number, query: AdminListBlogPostsQuery) {
  const conditions: SQL[] = [sql`p.store_id = ${storeId}`];
  if (query.before !== undefined) conditions.push(sql`p.id < ${query.before}`);
  if (query.search !== undefined) conditions.push(sql`p.title ilike ${`%${likeEscaped(query.search)}%`}`);
  if (query.status === "draft") conditions.push(sql`p.published_at is null`);
  if (query.status === "scheduled") conditions.push(sql`p.published_at > now()`);
  if (query.status === "published") conditions.push(sql`p.published_at <= now()`);
  const rows = await sqlRows<AdminPostRow>(
    db,
    sql`select ${adminPostColumns(false)} from ${blogPosts} p where ${sql.join(conditions, sql` and `)}
         order by p.id desc limit ${query.limit + 1}`,
  );
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return { rows: page, nextBefore: next };
}

export interface PostFields {
  slug?: string;
  title?: string;
  excerpt?: string;
  author?: string;
  heroImageUrl?: string;
  heroImageAlt?: string;
  body?: PageBlock[];
  publishedAt?: Date | null;
}

export async function insertPost(
  db: Db,
  input: PostFields & { storeId: number; slug: string; title: string; author: string; heroImageUrl: string },
): Promise<number> {
  const [row] = await db.insert(blogPosts).values(input).returning({ id: blogPosts.id });
  return row!.id;
}

export async function updatePostFields(db: Db, id: number, fields: PostFields): Promise<void> {
  await db
    .update(blogPosts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id));
}

export async function replacePostCategories(db: Db, postId: number, categoryIds: readonly number[]): Promise<void> {
  await db.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
  if (categoryIds.length > 0)
    await db.insert(blogPostCategories).values(categoryIds.map((categoryId, position) => ({ postId, categoryId, position })));
}

export async function replacePostTags(db: Db, postId: number, tagIds: readonly number[]): Promise<void> {
  await db.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (tagIds.length > 0) await db.insert(blogPostTags).values([...new Set(tagIds)].map((tagId) => ({ postId, tagId })));
}

/** Replaces the books a post names, in this order. */
export async function replacePostProducts(db: Db, postId: number, productIds: readonly number[]): Promise<void> {
  await db.delete(blogPostProducts).where(eq(blogPostProducts.postId, postId));
  if (productIds.length > 0)
    await db.insert(blogPostProducts).values(productIds.map((productId, position) => ({ postId, productId, position })));
}

export async function deletePost(db: Db, id: number): Promise<void> {
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
}
