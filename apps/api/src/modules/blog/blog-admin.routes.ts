import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import {
  createAdminBlogCategory,
  createAdminBlogPost,
  createAdminBlogPostPreviewLink,
  deleteAdminBlogCategory,
  deleteAdminBlogPost,
  listAdminBlogNavigation,
  listAdminBlogPosts,
  requireAdminBlogPost,
  updateAdminBlogCategory,
  updateAdminBlogPost,
} from "./blog-admin.service";

const IDEMPOTENCY_ERRORS = ["idempotency_key_reused", "idempotency_request_in_flight"] as const;

/** The merchant's blog: categories, posts in Markdown, preview links (admin API, permission `content`, decision 051). */
export const blogAdminRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string; storefrontUrl: string }> = async (
  app,
  { db, previewSecret, storefrontUrl },
) => {
  const { config, schema, errors } = adminAccess("content");
  const writeConfig = { ...config, auditedInService: true };

  // Categories, and the tags the posts made.
  app.route({
    ...operationRoute("listAdminBlogCategories", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "The blog's categories in order and its tags, each with its posts counted (drafts too)",
      },
    }),
    handler: async (request) => ({ data: await listAdminBlogNavigation(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("createAdminBlogCategory", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_category_taken", ...IDEMPOTENCY_ERRORS],
        summary: "Create a blog category",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createAdminBlogCategory(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminBlogCategory", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_category_not_found", "blog_category_taken"],
        summary: "Change a blog category; a new slug keeps the old address answering with a 301",
      },
    }),
    handler: async (request) => ({ data: await updateAdminBlogCategory(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("deleteAdminBlogCategory", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_category_not_found"],
        summary: "Delete a blog category; its posts stay",
      },
    }),
    handler: async (request, reply) => {
      await deleteAdminBlogCategory(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  // Posts.
  app.route({
    ...operationRoute("listAdminBlogPosts", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The blog's posts, newest first, drafts and scheduled ones too" },
    }),
    handler: async (request) => ({ data: await listAdminBlogPosts(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getAdminBlogPost", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "blog_post_not_found"], summary: "A blog post with its Markdown and body" },
    }),
    handler: async (request) => ({ data: (await requireAdminBlogPost(db, request.ctx.store.id, request.params.id)).post }),
  });

  app.route({
    ...operationRoute("createAdminBlogPost", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_post_slug_taken", "blog_category_not_found", "product_not_found", ...IDEMPOTENCY_ERRORS],
        summary: "Write a blog post in Markdown (stored with its sanitised HTML); a draft unless publishedAt is given",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createAdminBlogPost(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminBlogPost", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_post_not_found", "blog_post_slug_taken", "blog_category_not_found", "product_not_found"],
        summary: "Change a blog post, publish, schedule or unpublish it; a published post's new slug keeps the old address as a 301",
      },
    }),
    handler: async (request) => ({ data: await updateAdminBlogPost(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("deleteAdminBlogPost", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "blog_post_not_found"], summary: "Delete a blog post" },
    }),
    handler: async (request, reply) => {
      await deleteAdminBlogPost(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("createAdminBlogPostPreviewLink", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "blog_post_not_found"],
        summary: "A signed storefront link that shows the post as it stands, published or not, for 7 days",
      },
    }),
    handler: async (request) => ({
      data: await createAdminBlogPostPreviewLink(db, adminWriteOf(request), { secret: previewSecret, storefrontUrl }, request.params.id),
    }),
  });
};
