import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { surrogateKeys } from "@quire/contracts/constants";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { withSurrogateKeys } from "../../http/surrogate-keys";
import { getBlogPostPreview, listBlogNavigation, listBlogPosts, requireBlogCategory } from "./blog.service";

// The blog calls the storefront makes (GET /blog-categories/by-slug, GET /blog-posts), and the categories list the
// blog's navigation reads. Each answer is named `blog` (decision 064): any post or blog category changes the blog's
// lists and counts, and a post's answer names the books it shows too.
export const blogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...operationRoute("getBlogCategoryBySlug", {
      schema: {
        tags: ["Blog"],
        "x-error-codes": ["blog_category_not_found"],
        summary: "A blog category by its slug, with its count of published posts; 404 when there is none",
      },
    }),
    handler: async (request, reply) =>
      withSurrogateKeys(reply, [surrogateKeys.blog], await requireBlogCategory(db, request.ctx.store.id, request.query.slug)),
  });

  app.route({
    ...operationRoute("listBlogCategories", {
      schema: { tags: ["Blog"], summary: "The blog's categories in order, and the tags in use, with their published posts counted" },
    }),
    handler: async (request, reply) => withSurrogateKeys(reply, [surrogateKeys.blog], await listBlogNavigation(db, request.ctx.store.id)),
  });

  app.route({
    ...operationRoute("listBlogPosts", {
      schema: {
        tags: ["Blog"],
        summary:
          "Published blog posts, newest first, by category, tag or slug; by slug with the body and the related books the caller may see",
      },
    }),
    handler: async (request, reply) => {
      const posts = await listBlogPosts(db, request.ctx, request.query);
      const books = posts.results.flatMap((post) => post.relatedProducts ?? []).map((card) => surrogateKeys.product(card.id));
      return withSurrogateKeys(reply, [surrogateKeys.blog, ...books], posts);
    },
  });
};

/**
 * A post's preview through its signed link (decision 051): read from the primary, so a post just written shows at
 * once. The token comes in the body, keeping it out of access logs.
 */
export const blogPreviewRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string }> = async (app, { db, previewSecret }) => {
  app.route({
    ...operationRoute("getBlogPostPreview", {
      schema: {
        tags: ["Blog"],
        "x-error-codes": ["blog_preview_link_invalid", "blog_preview_link_expired"],
        summary: "A blog post through its preview link, published or not (a draft's publishedAt is null)",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: await getBlogPostPreview(db, request.ctx, previewSecret, request.body.token) };
    },
  });
};
