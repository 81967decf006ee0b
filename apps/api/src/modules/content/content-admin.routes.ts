import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import {
  createAdminPage,
  createAdminRedirect,
  deleteAdminMenu,
  deleteAdminPage,
  deleteAdminRedirect,
  listAdminMenus,
  listAdminPages,
  listAdminRedirects,
  putAdminMenu,
  requireAdminMenu,
  requireAdminPage,
  updateAdminPage,
  updateAdminRedirect,
  createAdminPagePreviewLink,
} from "./content-admin.service";

const IDEMPOTENCY_ERRORS = ["idempotency_key_reused", "idempotency_request_in_flight"] as const;

/** The merchant's pages, menus and redirects (admin API, permission `content`, decision 051). */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string; storefrontUrl: string }> = async (
  app,
  { db, previewSecret, storefrontUrl },
) => {
  const { config, schema, errors } = adminAccess("content");
  const writeConfig = { ...config, auditedInService: true };

  // Pages.
  app.route({
    ...operationRoute("listAdminPages", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's content pages, newest first" },
    }),
    handler: async (request) => ({ data: await listAdminPages(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getAdminPage", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "page_not_found"], summary: "A content page with its blocks" },
    }),
    handler: async (request) => ({ data: await requireAdminPage(db, request.ctx.store.id, request.params.id) }),
  });

  app.route({
    ...operationRoute("createAdminPage", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "page_url_taken", ...IDEMPOTENCY_ERRORS],
        summary: "Create a content page of typed blocks (Markdown blocks are stored with their sanitised HTML)",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createAdminPage(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminPage", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "page_not_found", "page_url_taken"],
        summary: "Change a page; a new path keeps the old one answering with a 301",
      },
    }),
    handler: async (request) => ({ data: await updateAdminPage(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("deleteAdminPage", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "page_not_found"], summary: "Delete a page; its path answers 404" },
    }),
    handler: async (request, reply) => {
      await deleteAdminPage(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("createAdminPagePreviewLink", {
      config: { ...config, auditedInService: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "page_not_found"],
        summary: "A link that shows the page as it stands, draft or not, to whoever has it, for 7 days",
      },
    }),
    handler: async (request) => ({
      data: await createAdminPagePreviewLink(db, adminWriteOf(request), { secret: previewSecret, storefrontUrl }, request.params.id),
    }),
  });

  // Menus.
  app.route({
    ...operationRoute("listAdminMenus", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's menus, by code, with their items counted" },
    }),
    handler: async (request) => ({ data: { menus: await listAdminMenus(db, request.ctx.store.id) } }),
  });

  app.route({
    ...operationRoute("getAdminMenu", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "menu_not_found"], summary: "A menu with its tree of items" },
    }),
    handler: async (request) => ({ data: await requireAdminMenu(db, request.ctx.store.id, request.params.code) }),
  });

  app.route({
    ...operationRoute("putAdminMenu", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary: "Set a menu's name and whole tree of items (the storefront's header reads `main`); created when missing",
      },
    }),
    handler: async (request) => ({ data: await putAdminMenu(db, adminWriteOf(request), request.params.code, request.body) }),
  });

  app.route({
    ...operationRoute("deleteAdminMenu", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "menu_not_found"], summary: "Delete a menu and its items" },
    }),
    handler: async (request, reply) => {
      await deleteAdminMenu(db, adminWriteOf(request), request.params.code);
      return reply.status(204).send(null);
    },
  });

  // Redirects.
  app.route({
    ...operationRoute("listAdminRedirects", {
      config,
      schema: { ...schema, "x-error-codes": [...errors], summary: "The store's redirects, newest first" },
    }),
    handler: async (request) => ({ data: await listAdminRedirects(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("createAdminRedirect", {
      config: { ...writeConfig, idempotent: true },
      schema: {
        ...schema,
        "x-error-codes": [...errors, "redirect_taken", "redirect_loop", ...IDEMPOTENCY_ERRORS],
        summary: "Redirect an old path of the shop to another with a 301",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createAdminRedirect(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("updateAdminRedirect", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "redirect_not_found", "redirect_taken", "redirect_loop"],
        summary: "Change a redirect's old or new path",
      },
    }),
    handler: async (request) => ({ data: await updateAdminRedirect(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("deleteAdminRedirect", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "redirect_not_found"], summary: "Delete a redirect" },
    }),
    handler: async (request, reply) => {
      await deleteAdminRedirect(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
