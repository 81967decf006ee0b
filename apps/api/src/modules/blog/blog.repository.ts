import type { PageBlock } from "@quire/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { blogCategories, blogPostCategories, blogPostProducts, blogPosts, blogPostTags, blogTags } from "./blog.tables";

/*
 * The blog's reads. A post is visible once its published_at has come (`now()` of the statement: a scheduled post
 * appears by itself). Each read is one statement: a page of posts brings its categories and tags along.
 */

const published = (alias: SQL) => sql`${alias}.published_at is not null and ${alias}.published_at <= now()`;

export interface BlogCategoryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  postCount: number;
}

const categoryColumns = sql`c.id, c.slug, c.name, c.description,
  (select count(*)::int from ${blogPostCategories} pc join ${blogPosts} p on p.id = pc.post_id
    where pc.category_id = c.id and ${published(sql`p`)}) as "postCount"`;

/** The store's categories in their order, each with its count of published posts. */
export async function listCategories(db: Db, storeId: number): Promise<BlogCategoryRow[]> {
  return sqlRows<BlogCategoryRow>(
    db,
    sql`select ${categoryColumns} from ${blogCategories} c where c.store_id = ${storeId} order by c.position, c.name, c.id`,
  );
}

export async function findCategoryBySlug(db: Db, storeId: number, slug: string): Promise<BlogCategoryRow | null> {
  const [row] = await sqlRows<BlogCategoryRow>(
    db,
    sql`select ${categoryColumns} from ${blogCategories} c where c.store_id = ${storeId} and c.slug = ${slug}`,
  );
  return row ?? null;
}

/** Tags with at least one published post, most used first. */
export async function listTags(db: Db, storeId: number): Promise<{ slug: string; name: string; postCount: number }[]> {
  return sqlRows(
    db,
    sql`select t.slug, t.name, count(*)::int as "postCount"
          from ${blogTags} t
          join ${blogPostTags} pt on pt.tag_id = t.id
          join ${blogPosts} p on p.id = pt.post_id
         where t.store_id = ${storeId} and ${published(sql`p`)}
         group by t.id, t.slug, t.name
         order by "postCount" desc, t.name`,
  );
}

export interface BlogPostFilter {
  categorySlug?: string;
  tagSlug?: string;
  slug?: string;
}

export interface BlogPostRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  heroImageUrl: string;
  heroImageAlt: string;
  author: string;
  publishedAt: Date | string;
  updatedAt: Date | string;
  categories: { slug: string; name: string }[];
  tags: { slug: string; name: string }[];
  body: PageBlock[] | null;
  total: number;
}

function postConditions(storeId: number, filter: BlogPostFilter): SQL {
  const conditions = [sql`p.store_id = ${storeId}`, published(sql`p`)];
  if (filter.slug !== undefined) conditions.push(sql`p.slug = ${filter.slug}`);
  if (filter.categorySlug !== undefined)
    conditions.push(sql`exists (select 1 from ${blogPostCategories} pc join ${blogCategories} c on c.id = pc.category_id
                                 where pc.post_id = p.id and c.slug = ${filter.categorySlug} and c.store_id = ${storeId})`);
  if (filter.tagSlug !== undefined)
    conditions.push(sql`exists (select 1 from ${blogPostTags} pt join ${blogTags} t on t.id = pt.tag_id
                                 where pt.post_id = p.id and t.slug = ${filter.tagSlug} and t.store_id = ${storeId})`);
  return sql.join(conditions, sql` and `);
}

/** A post's columns as the blog answers them, with its categories and tags; the body only when `withBody`. */
function postColumns(withBody: boolean): SQL {
  return sql`p.id, p.slug, p.title, p.excerpt, p.hero_image_url as "heroImageUrl", p.hero_image_alt as "heroImageAlt",
               p.author, p.published_at as "publishedAt", p.updated_at as "updatedAt",
               ${withBody ? sql`p.body` : sql`null::jsonb`} as body,
               coalesce((select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.position, c.id)
                           from ${blogPostCategories} pc join ${blogCategories} c on c.id = pc.category_id
                          where pc.post_id = p.id), '[]'::json) as categories,
               coalesce((select json_agg(json_build_object('slug', t.slug, 'name', t.name) order by t.name)
                           from ${blogPostTags} pt join ${blogTags} t on t.id = pt.tag_id
                          where pt.post_id = p.id), '[]'::json) as tags`;
}

/**
 * One page of published posts, newest first, with each post's categories and tags and the total matching (on
 * every row, by a window count: one statement). The body only when `withBody` (a post asked for by its slug).
 */
export async function listPosts(
  db: Db,
  storeId: number,
  filter: BlogPostFilter,
  page: { limit: number; offset: number; withBody: boolean },
): Promise<{ rows: BlogPostRow[]; total: number | null }> {
  const rows = await sqlRows<BlogPostRow>(
    db,
    sql`select ${postColumns(page.withBody)},
               count(*) over ()::int as total
          from ${blogPosts} p
         where ${postConditions(storeId, filter)}
         order by p.published_at desc, p.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  // A page past the end has no row to carry the total: the caller counts then.
  return { rows, total: rows[0]?.total ?? null };
}

export async function countPosts(db: Db, storeId: number, filter: BlogPostFilter): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${blogPosts} p where ${postConditions(storeId, filter)}`,
  );
  return row?.total ?? 0;
}

/** Where a walk through a post's linked products stands: the last link read, by its position and product id. */
export interface LinkCursor {
  position: number;
  productId: number;
}

/**
 * Up to `limit` of the products a post links to, in its order (position, then product id), after `after` when
 * given: keyset paging, so a post with many links is read a slice at a time. Whether each product is published
 * is the catalogue's to say.
 */
export function listLinkedProducts(db: Db, postId: number, page: { after: LinkCursor | null; limit: number }): Promise<LinkCursor[]> {
  const after = page.after ? sql`and (bp.position, bp.product_id) > (${page.after.position}, ${page.after.productId})` : sql``;
  return sqlRows<LinkCursor>(
    db,
    sql`select bp.position, bp.product_id as "productId" from ${blogPostProducts} bp
         where bp.post_id = ${postId} ${after}
         order by bp.position, bp.product_id limit ${page.limit}`,
  );
}

/**
 * A post by its id whether or not it is published (a preview link's read), with its body; null when the store has
 * no such post. `isLive`: whether its published_at has come.
 */
export async function findPostForPreview(db: Db, storeId: number, id: number) {
  const [row] = await sqlRows<Omit<BlogPostRow, "publishedAt" | "total"> & { publishedAt: Date | string | null }>(
    db,
    sql`select ${postColumns(true)} from ${blogPosts} p where p.store_id = ${storeId} and p.id = ${id}`,
  );
  return row ?? null;
}
