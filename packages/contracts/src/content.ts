import { z } from "zod";
import { dataSchema, IdSchema, intParamSchema, PageQuerySchema, pagedResultSchema, SlugSchema } from "./common";
import { INT32_MAX } from "./constants";

export type MenuItem = { id: number; label: string; url: string; subMenuItems: MenuItem[] };
export const MenuItemSchema: z.ZodType<MenuItem> = z
  .object({
    id: IdSchema,
    label: z.string(),
    url: z.string(),
    get subMenuItems() {
      return z.array(MenuItemSchema);
    },
  })
  .meta({ id: "MenuItem" });
/** GET /menus/:code/tree (the storefront reads `main`). */
export const MenuCodeParamsSchema = z.object({ code: SlugSchema }).strict();
/** GET /menus/main/tree: answer `data.data`. */
export const MenuTreeResponseSchema = dataSchema(z.object({ data: z.array(MenuItemSchema) }));

export const RedirectSchema = z.object({ oldUrl: z.string(), newUrl: z.string() }).meta({ id: "Redirect" });
export type Redirect = z.infer<typeof RedirectSchema>;
export const ListRedirectsQuerySchema = z
  .object({
    PageNumber: intParamSchema(1, 1000).default(1),
    PageSize: intParamSchema(1, 5000).default(5000),
  })
  .strict();
/** GET /redirects: answer `data.results[]`. */
export const ListRedirectsResponseSchema = dataSchema(pagedResultSchema(RedirectSchema));

// The blocks of a page (and of a post's body), one schema each: the storefront renders these, and the admin API's
// input schemas (admin-content.ts) extend the same ones with the bounds a merchant's text is held to.
export const HeadingBlockSchema = z.object({ type: z.literal("heading"), text: z.string() });
export const ParagraphBlockSchema = z.object({ type: z.literal("paragraph"), text: z.string() });
export const ListBlockSchema = z.object({ type: z.literal("list"), items: z.array(z.string()) });
export const HeroBlockSchema = z.object({
  type: z.literal("hero"),
  title: z.string(),
  text: z.string(),
  linkLabel: z.string(),
  linkUrl: z.string(),
});
export const CategoryLinksBlockSchema = z.object({ type: z.literal("categoryLinks"), title: z.string(), slugs: z.array(z.string()) });
export const ProductRailBlockSchema = z.object({
  type: z.literal("productRail"),
  title: z.string(),
  categorySlug: z.string(),
  limit: z.number().int().min(1).max(24),
});
/**
 * Text written in Markdown through the admin API (decision 051): `markdown` is the merchant's source, `html` what the
 * API rendered from it and sanitised when it was written (no script, no event handler, no `javascript:` link). The
 * storefront inserts `html` as it is; only the API writes it, never a caller.
 */
export const MarkdownBlockSchema = z.object({ type: z.literal("markdown"), markdown: z.string(), html: z.string() });

export const PageBlockSchema = z.discriminatedUnion("type", [
  HeadingBlockSchema,
  ParagraphBlockSchema,
  ListBlockSchema,
  HeroBlockSchema,
  CategoryLinksBlockSchema,
  ProductRailBlockSchema,
  MarkdownBlockSchema,
]);
export type PageBlock = z.infer<typeof PageBlockSchema>;

export const PageSchema = z
  .object({
    id: IdSchema,
    url: z.string(),
    title: z.string(),
    metaDescription: z.string(),
    blocks: z.array(PageBlockSchema),
    updatedAt: z.string(),
  })
  .meta({ id: "Page" });
export type Page = z.infer<typeof PageSchema>;
export const PageByUrlQuerySchema = z
  .object({
    url: z
      .string()
      .min(1)
      .max(500)
      .regex(/^\/[a-z0-9/-]*$/, "Expected a site path such as /about"),
  })
  .strict();
export const PageResponseSchema = dataSchema(PageSchema);

export const PageSummarySchema = PageSchema.pick({ id: true, url: true, title: true, updatedAt: true });
export const ListPagesQuerySchema = PageQuerySchema.strict();
export const ListPagesResponseSchema = dataSchema(pagedResultSchema(PageSummarySchema));

/** GET /sitemap/products: every published product's slug and last change, keyset-paged by id. */
export const SitemapProductsQuerySchema = z
  .object({
    After: intParamSchema(0, INT32_MAX).default(0),
    Limit: intParamSchema(1, 50_000).default(50_000),
  })
  .strict();
export const SitemapProductsResponseSchema = dataSchema(
  z.object({
    results: z.array(z.object({ id: IdSchema, slug: z.string(), updatedAt: z.string() })),
    next: IdSchema.nullable(),
  }),
);
