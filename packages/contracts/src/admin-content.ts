import { z } from "zod";
import { BlogPostSchema } from "./blog";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, PreviewTokenSchema, SlugSchema, textSchema } from "./common";
import { BLOG_POST_STATUSES, INT32_MAX, MAX_PAGE_SIZE } from "./constants";
import {
  CategoryLinksBlockSchema,
  HeadingBlockSchema,
  HeroBlockSchema,
  ListBlockSchema,
  MarkdownBlockSchema,
  MenuItemSchema,
  PageBlockSchema,
  PageSchema,
  ParagraphBlockSchema,
  ProductRailBlockSchema,
} from "./content";

// Contracts of the merchant's content (admin API, permission `content`, decision 051): pages of typed blocks, menus,
// redirects, and the blog's categories, tags and posts, with a preview link for a post not yet published. Texts are
// bounded here: the tables hold `text` and `jsonb` without a length, so these bounds are the storage's.

/** The longest Markdown source of one block or post: a long article, well inside the API's 256 KB body limit. */
export const MAX_MARKDOWN_LENGTH = 100_000;
/** Blocks on one page at most. */
export const MAX_PAGE_BLOCKS = 100;
/** Items in one menu at most, at every level together. */
export const MAX_MENU_ITEMS = 200;
/** The most books a blog post may name; the shop shows the first MAX_BLOG_RELATED_PRODUCTS of them that are published. */
export const MAX_BLOG_POST_PRODUCTS = 20;
/** How long a post's preview link works. */
export const BLOG_PREVIEW_LINK_DAYS = 7;

const PATH_SEGMENT = "[A-Za-z0-9._~%-]+";
/**
 * A path on the shop's own site, with an optional query: `/store/fiction`, `/blog/list?page=2`. Never `//host`
 * (which a browser reads as another site) and never a scheme (`javascript:`), so it can only lead within the shop.
 */
export const SitePathSchema = z
  .string()
  .max(500)
  .regex(
    new RegExp(`^/(?:${PATH_SEGMENT}(?:/${PATH_SEGMENT})*/?)?(?:\\?[A-Za-z0-9._~%=&+-]*)?$`),
    "Expected a site path such as /store/fiction",
  );
/** A link a block or a menu item may hold: a site path, or an http(s) address of another site. */
export const LinkUrlSchema = z
  .string()
  .max(500)
  .regex(
    new RegExp(
      `^(?:/(?:${PATH_SEGMENT}(?:/${PATH_SEGMENT})*/?)?(?:\\?[A-Za-z0-9._~%=&+-]*)?|https?://[A-Za-z0-9.-]+(?::\\d{1,5})?(?:/[A-Za-z0-9._~%/=&?+-]*)?)$`,
    ),
    "Expected a site path such as /store or an http(s) address",
  );

/**
 * The path a page answers at: `/` (the home page) or one slug, `/about`, as the storefront's page route serves them.
 */
export const AdminPageUrlSchema = z
  .string()
  .max(201)
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, "Expected / or a path such as /about");

const title = textSchema({ trim: true, min: 1, max: 200 });

/** A block as a merchant writes it: the storefront's block schemas, bounded; a Markdown block sends its source only. */
export const AdminPageBlockInputSchema = z.discriminatedUnion("type", [
  HeadingBlockSchema.extend({ text: textSchema({ trim: true, min: 1, max: 300 }) }).strict(),
  ParagraphBlockSchema.extend({ text: textSchema({ min: 1, max: 5000, multiline: true }) }).strict(),
  ListBlockSchema.extend({
    items: z
      .array(textSchema({ min: 1, max: 1000 }))
      .min(1)
      .max(50),
  }).strict(),
  HeroBlockSchema.extend({
    title,
    text: textSchema({ max: 1000, multiline: true }),
    linkLabel: textSchema({ trim: true, max: 100 }),
    linkUrl: LinkUrlSchema,
  }).strict(),
  CategoryLinksBlockSchema.extend({ title, slugs: z.array(SlugSchema).min(1).max(24) }).strict(),
  ProductRailBlockSchema.extend({ title, categorySlug: SlugSchema }).strict(),
  MarkdownBlockSchema.omit({ html: true })
    .extend({ markdown: textSchema({ min: 1, max: MAX_MARKDOWN_LENGTH, multiline: true }) })
    .strict(),
]);
export type AdminPageBlockInput = z.infer<typeof AdminPageBlockInputSchema>;

// ---------------------------------------------------------------- pages

/**
 * POST /admin/pages: 409 `page_url_taken` for a path the store already has a page at. Published unless
 * `isPublished: false` makes it a draft, shown only through its preview link until it is published.
 */
export const CreateAdminPageBodySchema = z
  .object({
    url: AdminPageUrlSchema,
    title,
    metaDescription: textSchema({ trim: true, max: 300 }).optional(),
    blocks: z.array(AdminPageBlockInputSchema).max(MAX_PAGE_BLOCKS).optional(),
    isPublished: z.boolean().optional(),
  })
  .strict();
export type CreateAdminPageBody = z.infer<typeof CreateAdminPageBodySchema>;

/** PUT /admin/pages/:id: the fields sent change; `blocks` replaces them all. A new `url` keeps the old one as a 301. */
export const UpdateAdminPageBodySchema = z
  .object({
    url: AdminPageUrlSchema.optional(),
    title: title.optional(),
    metaDescription: textSchema({ trim: true, max: 300 }).optional(),
    blocks: z.array(AdminPageBlockInputSchema).max(MAX_PAGE_BLOCKS).optional(),
    isPublished: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminPageBody = z.infer<typeof UpdateAdminPageBodySchema>;

export const AdminPageParamsSchema = z.object({ id: IdParamSchema }).strict();
/** A page as the merchant sees it: as the shop shows it, and whether it is live or a draft. */
export const AdminPageSchema = PageSchema.extend({ isPublished: z.boolean() }).meta({ id: "AdminPage" });
export type AdminPage = z.infer<typeof AdminPageSchema>;
export const AdminPageResponseSchema = dataSchema(AdminPageSchema);

/** GET /admin/pages: newest first in keyset pages; `search` matches part of the path or the title. */
export const AdminListPagesQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
  })
  .strict();
export type AdminListPagesQuery = z.infer<typeof AdminListPagesQuerySchema>;
export const AdminListPagesResponseSchema = dataSchema(
  z.object({
    pages: z.array(AdminPageSchema.pick({ id: true, url: true, title: true, isPublished: true, updatedAt: true })),
    nextBefore: z.number().int().nullable(),
  }),
);

// ---------------------------------------------------------------- menus

const menuItemFields = { label: textSchema({ trim: true, min: 1, max: 100 }), url: LinkUrlSchema };
const MenuItemInputLevel3Schema = z.object(menuItemFields).strict();
const MenuItemInputLevel2Schema = z
  .object({ ...menuItemFields, subMenuItems: z.array(MenuItemInputLevel3Schema).max(MAX_MENU_ITEMS).optional() })
  .strict();
/** A menu item as a merchant writes it, with its sub-items: three levels at most. */
export const AdminMenuItemInputSchema = z
  .object({ ...menuItemFields, subMenuItems: z.array(MenuItemInputLevel2Schema).max(MAX_MENU_ITEMS).optional() })
  .strict();
export type AdminMenuItemInput = z.infer<typeof AdminMenuItemInputSchema>;

const countItems = (items: readonly { subMenuItems?: readonly unknown[] }[]): number =>
  items.reduce((sum, item) => sum + 1 + countItems((item.subMenuItems ?? []) as { subMenuItems?: unknown[] }[]), 0);

/** PUT /admin/menus/:code: the menu's name and its whole tree, in order; a menu the store lacks is created. */
export const PutAdminMenuBodySchema = z
  .object({
    name: textSchema({ trim: true, min: 1, max: 100 }),
    items: z.array(AdminMenuItemInputSchema).max(MAX_MENU_ITEMS),
  })
  .strict()
  .refine((body) => countItems(body.items) <= MAX_MENU_ITEMS, { message: `At most ${MAX_MENU_ITEMS} items in one menu`, path: ["items"] });
export type PutAdminMenuBody = z.infer<typeof PutAdminMenuBodySchema>;

export const AdminMenuParamsSchema = z.object({ code: SlugSchema }).strict();
export const AdminMenuSchema = z.object({ code: z.string(), name: z.string(), items: z.array(MenuItemSchema) }).meta({ id: "AdminMenu" });
export type AdminMenu = z.infer<typeof AdminMenuSchema>;
export const AdminMenuResponseSchema = dataSchema(AdminMenuSchema);
/** GET /admin/menus: every menu of the store (a store has a handful), by code. */
export const AdminListMenusResponseSchema = dataSchema(
  z.object({ menus: z.array(z.object({ code: z.string(), name: z.string(), itemCount: z.number().int().min(0) })) }),
);

// ---------------------------------------------------------------- redirects

/**
 * The path a redirect answers: lower-case, no query and no trailing slash, as the storefront matches a request's
 * path (it lower-cases it and drops a trailing slash), so two spellings of one path are one redirect.
 */
export const RedirectFromPathSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(500)
  .regex(/^\/(?:[a-z0-9._~%-]+(?:\/[a-z0-9._~%-]+)*)?$/, "Expected a site path such as /old-page, without a trailing slash");

/** POST /admin/redirects: 409 `redirect_taken` for a path already redirected, 409 `redirect_loop` for a circle. */
export const CreateAdminRedirectBodySchema = z.object({ oldUrl: RedirectFromPathSchema, newUrl: SitePathSchema }).strict();
export type CreateAdminRedirectBody = z.infer<typeof CreateAdminRedirectBodySchema>;
export const UpdateAdminRedirectBodySchema = z
  .object({ oldUrl: RedirectFromPathSchema.optional(), newUrl: SitePathSchema.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminRedirectBody = z.infer<typeof UpdateAdminRedirectBodySchema>;

export const AdminRedirectSchema = z.object({ id: IdSchema, oldUrl: z.string(), newUrl: z.string() }).meta({ id: "AdminRedirect" });
export type AdminRedirect = z.infer<typeof AdminRedirectSchema>;
export const AdminRedirectParamsSchema = z.object({ id: IdParamSchema }).strict();
export const AdminRedirectResponseSchema = dataSchema(AdminRedirectSchema);
/** GET /admin/redirects: newest first in keyset pages; `search` matches part of the old path. */
export const AdminListRedirectsQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
  })
  .strict();
export type AdminListRedirectsQuery = z.infer<typeof AdminListRedirectsQuerySchema>;
export const AdminListRedirectsResponseSchema = dataSchema(
  z.object({ redirects: z.array(AdminRedirectSchema), nextBefore: z.number().int().nullable() }),
);

// ---------------------------------------------------------------- blog categories and tags

const categoryFields = {
  slug: SlugSchema,
  name: textSchema({ trim: true, min: 1, max: 100 }),
  description: textSchema({ max: 1000, multiline: true }),
  position: z.number().int().min(0).max(10_000),
};
/** POST /admin/blog-categories: 409 `blog_category_taken` for a slug the store already has. */
export const CreateAdminBlogCategoryBodySchema = z
  .object({
    slug: categoryFields.slug,
    name: categoryFields.name,
    description: categoryFields.description.optional(),
    position: categoryFields.position.optional(),
  })
  .strict();
export type CreateAdminBlogCategoryBody = z.infer<typeof CreateAdminBlogCategoryBodySchema>;
/** PUT /admin/blog-categories/:id: the fields sent change. A new slug keeps the category's old address as a 301. */
export const UpdateAdminBlogCategoryBodySchema = CreateAdminBlogCategoryBodySchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminBlogCategoryBody = z.infer<typeof UpdateAdminBlogCategoryBodySchema>;

export const AdminBlogCategorySchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
    /** Posts in the category, drafts included. */
    postCount: z.number().int().min(0),
  })
  .meta({ id: "AdminBlogCategory" });
export type AdminBlogCategory = z.infer<typeof AdminBlogCategorySchema>;
export const AdminBlogCategoryParamsSchema = z.object({ id: IdParamSchema }).strict();
export const AdminBlogCategoryResponseSchema = dataSchema(AdminBlogCategorySchema);
/** GET /admin/blog-categories: every category in its order, and every tag with its posts counted (drafts too). */
export const AdminListBlogCategoriesResponseSchema = dataSchema(
  z.object({
    categories: z.array(AdminBlogCategorySchema),
    tags: z.array(z.object({ id: IdSchema, slug: z.string(), name: z.string(), postCount: z.number().int().min(0) })),
  }),
);

// ---------------------------------------------------------------- blog posts

/** A post's tag as a merchant gives it: a tag the store lacks is created, and a known one takes the name sent. */
export const AdminBlogTagInputSchema = z.object({ slug: SlugSchema, name: textSchema({ trim: true, min: 1, max: 100 }) }).strict();

const postFields = {
  slug: SlugSchema,
  title,
  excerpt: textSchema({ trim: true, max: 500, multiline: true }),
  /** The post's text in Markdown; stored with its sanitised HTML as the post's body. */
  markdown: textSchema({ min: 1, max: MAX_MARKDOWN_LENGTH, multiline: true }),
  author: textSchema({ trim: true, min: 1, max: 100 }),
  heroImage: z.object({ url: LinkUrlSchema, alt: textSchema({ trim: true, max: 200 }) }).strict(),
  /** Null: a draft. A time ahead: scheduled, shown once it comes. */
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  categorySlugs: z.array(SlugSchema).max(10),
  tags: z.array(AdminBlogTagInputSchema).max(20),
  /** The books the post is about, in the order it shows them: products of the store (published or not; the shop shows the published). */
  productIds: z
    .array(IdSchema)
    .max(MAX_BLOG_POST_PRODUCTS)
    .refine((ids) => new Set(ids).size === ids.length, "Name each product once"),
};

/**
 * POST /admin/blog-posts: 409 `blog_post_slug_taken`; 404 `blog_category_not_found` for a category slug the store
 * lacks, `product_not_found` for a product id that is not the store's. Without `heroImage` the post shows the picture the storefront draws from its slug.
 */
export const CreateAdminBlogPostBodySchema = z
  .object({
    slug: postFields.slug,
    title: postFields.title,
    excerpt: postFields.excerpt.optional(),
    markdown: postFields.markdown,
    author: postFields.author,
    heroImage: postFields.heroImage.optional(),
    publishedAt: postFields.publishedAt.optional(),
    categorySlugs: postFields.categorySlugs.optional(),
    tags: postFields.tags.optional(),
    productIds: postFields.productIds.optional(),
  })
  .strict();
export type CreateAdminBlogPostBody = z.infer<typeof CreateAdminBlogPostBodySchema>;

/** PUT /admin/blog-posts/:id: the fields sent change; categories and tags sent replace the post's. */
export const UpdateAdminBlogPostBodySchema = CreateAdminBlogPostBodySchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateAdminBlogPostBody = z.infer<typeof UpdateAdminBlogPostBodySchema>;

export const AdminBlogPostSchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    heroImage: z.object({ url: z.string(), alt: z.string() }),
    /** The Markdown source; null for a post written as blocks by other means (the demo seed). */
    markdown: z.string().nullable(),
    /** The body as the storefront renders it: for a Markdown post, one block with the source and its sanitised HTML. */
    body: z.array(PageBlockSchema),
    status: z.enum(BLOG_POST_STATUSES),
    publishedAt: z.iso.datetime({ offset: true }).nullable(),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    tags: z.array(z.object({ slug: z.string(), name: z.string() })),
    /** The books the post is about, in its order (the shop shows those published). */
    productIds: z.array(IdSchema),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "AdminBlogPost" });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogPostParamsSchema = z.object({ id: IdParamSchema }).strict();
export const AdminBlogPostResponseSchema = dataSchema(AdminBlogPostSchema);

/** GET /admin/blog-posts: newest first in keyset pages, drafts included; by status, or part of the title. */
export const AdminListBlogPostsQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    status: z.enum(BLOG_POST_STATUSES).optional(),
    search: textSchema({ trim: true, min: 1, max: 100 }).optional(),
  })
  .strict();
export type AdminListBlogPostsQuery = z.infer<typeof AdminListBlogPostsQuerySchema>;
export const AdminListBlogPostsResponseSchema = dataSchema(
  z.object({
    posts: z.array(AdminBlogPostSchema.omit({ markdown: true, body: true })),
    nextBefore: z.number().int().nullable(),
  }),
);

/** A signed preview token: `<post or page id>.<expiry in Unix seconds>.<signature>`. */
export const BlogPreviewTokenSchema = PreviewTokenSchema;

/**
 * POST /admin/blog-posts/:id/preview-link (and a page's, and a product's): a link that shows the post as it stands,
 * published or not, to whoever has it, for BLOG_PREVIEW_LINK_DAYS. Nothing is stored: the link is signed.
 */
export const AdminBlogPreviewLinkResponseSchema = dataSchema(
  z.object({
    token: z.string(),
    /** The storefront's address of the preview (the post's page with `?preview=`). */
    url: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);

/** POST /pages/preview: a page seen through its preview link (POST /admin/pages/:id/preview-link), draft or not. */
export const PagePreviewBodySchema = z.object({ token: BlogPreviewTokenSchema }).strict();

/** POST /blog-posts/preview: the token in the body, so it stays out of access logs (as order links do). */
export const BlogPostPreviewBodySchema = z.object({ token: BlogPreviewTokenSchema }).strict();
/** A post seen through its preview link: as the blog shows it, with `publishedAt` null for a draft. */
export const BlogPostPreviewSchema = BlogPostSchema.extend({ publishedAt: z.string().nullable() }).meta({ id: "BlogPostPreview" });
export type BlogPostPreview = z.infer<typeof BlogPostPreviewSchema>;
export const BlogPostPreviewResponseSchema = dataSchema(BlogPostPreviewSchema);
