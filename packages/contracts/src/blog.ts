import { z } from "zod";
import { ProductSummarySchema } from "./catalog";
import { dataSchema, IdSchema, intParamSchema, pagedResultSchema, SlugSchema } from "./common";
import { MAX_RESULT_WINDOW } from "./constants";
import { PageBlockSchema } from "./content";

/*
 * The blog: categories, tags and posts. A post's body is typed blocks, as the
 * content pages are (decision 005): the storefront renders them with its own components; the one markup from the
 * database a browser gets is a Markdown block's HTML, sanitised by the API when it was written (decision 051).
 */

/** Posts per blog page when the caller does not say, and at most. */
export const BLOG_PAGE_SIZE = 12;
export const MAX_BLOG_PAGE_SIZE = 48;
/** Related products a post shows at most. */
export const MAX_BLOG_RELATED_PRODUCTS = 8;

export const BlogCategorySchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    /** Published posts in the category. */
    postCount: z.number().int().min(0),
  })
  .meta({ id: "BlogCategory" });
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

export const BlogTagSchema = z.object({ slug: z.string(), name: z.string() }).meta({ id: "BlogTag" });
export type BlogTag = z.infer<typeof BlogTagSchema>;

/** GET /blog-categories/by-slug?slug=: one category, 404 blog_category_not_found when there is none. */
export const BlogCategoryBySlugQuerySchema = z.object({ slug: SlugSchema }).strict();
export const BlogCategoryResponseSchema = dataSchema(BlogCategorySchema);

/** GET /blog-categories: every category with posts, for the blog's navigation. */
export const ListBlogCategoriesResponseSchema = dataSchema(
  z.object({ results: z.array(BlogCategorySchema), tags: z.array(BlogTagSchema.extend({ postCount: z.number().int().min(0) })) }),
);

export const BlogHeroImageSchema = z.object({ url: z.string(), alt: z.string() }).meta({ id: "BlogHeroImage" });

/** A post as lists show it; GET /blog-posts?Slug= adds its body and related products. */
export const BlogPostSchema = z
  .object({
    id: IdSchema,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    heroImage: BlogHeroImageSchema,
    author: z.string(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    categories: z.array(BlogCategorySchema.pick({ slug: true, name: true })),
    tags: z.array(BlogTagSchema),
    /** Only when asked for by Slug: the post's text, as typed blocks. */
    body: z.array(PageBlockSchema).optional(),
    /** Only when asked for by Slug: the books the post is about that the caller may see, as product cards. */
    relatedProducts: z.array(ProductSummarySchema).max(MAX_BLOG_RELATED_PRODUCTS).optional(),
  })
  .meta({ id: "BlogPost" });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/**
 * GET /blog-posts: published posts, newest first, by category, by tag or by slug (one at most, with its body
 * and related products), paged with PageNumber and PageSize.
 */
export const ListBlogPostsQuerySchema = z
  .object({
    CategorySlug: SlugSchema.optional(),
    Tag: SlugSchema.optional(),
    Slug: SlugSchema.optional(),
    PageNumber: intParamSchema(1, MAX_RESULT_WINDOW).default(1),
    PageSize: intParamSchema(1, MAX_BLOG_PAGE_SIZE).default(BLOG_PAGE_SIZE),
  })
  .strict();
export type ListBlogPostsQuery = z.infer<typeof ListBlogPostsQuerySchema>;
export const ListBlogPostsResponseSchema = dataSchema(pagedResultSchema(BlogPostSchema));
