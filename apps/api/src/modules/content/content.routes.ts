import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { surrogateKeys } from "@quire/contracts/constants";
import { withSurrogateKeys } from "../../http/surrogate-keys";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { getMenuTree, getPageByUrl, getPagePreview, getPageSummaries, getRedirects, getSitemapProducts } from "./content.service";

// The content calls: menus, pages, redirects, sitemap entries.
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...operationRoute("getMenuTree", {
      schema: {
        tags: ["Content"],
        summary: "A menu as a tree (the storefront reads `main`); an unconfigured menu is empty",
      },
    }),
    handler: async (request, reply) =>
      withSurrogateKeys(reply, [surrogateKeys.menu], { data: await getMenuTree(db, request.ctx.store.id, request.params.code) }),
  });

  app.route({
    ...operationRoute("listRedirects", {
      schema: {
        tags: ["Content"],
        summary: "Old URL -> new URL pairs the storefront answers with HTTP 301",
      },
    }),
    handler: async (request) => ({ data: await getRedirects(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("getPageByUrl", {
      schema: {
        tags: ["Content"],
        "x-error-codes": ["page_not_found"],
        summary: "The content page at a site path (`/` is the home page); 404 page_not_found when there is none",
      },
    }),
    handler: async (request, reply) => {
      const page = await getPageByUrl(db, request.ctx.store.id, request.query.url);
      return withSurrogateKeys(reply, [surrogateKeys.content(page.id)], page);
    },
  });

  app.route({
    ...operationRoute("listPages", {
      schema: {
        tags: ["Content"],
        summary: "Content pages of the store, ordered by URL",
      },
    }),
    handler: async (request) => ({ data: await getPageSummaries(db, request.ctx.store.id, request.query) }),
  });

  app.route({
    ...operationRoute("listSitemapProducts", {
      schema: {
        tags: ["Content"],
        summary: "Published product slugs in id order, keyset-paged by `After` for sitemaps",
      },
    }),
    handler: async (request) => {
      const { After, Limit } = request.query;
      return { data: await getSitemapProducts(db, request.ctx.store, After, Limit) };
    },
  });
};

/**
 * A page's preview through its signed link (decision 051): read from the primary, so a page just written shows at
 * once. The token comes in the body, keeping it out of access logs; the answer is never cached.
 */
export const pagePreviewRoutes: FastifyPluginAsyncZod<{ db: Db; previewSecret: string }> = async (app, { db, previewSecret }) => {
  app.route({
    ...operationRoute("getPagePreview", {
      schema: {
        tags: ["Content"],
        "x-error-codes": ["page_preview_link_invalid", "page_preview_link_expired"],
        summary: "A content page through its preview link, published or a draft",
      },
    }),
    handler: async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { data: await getPagePreview(db, request.ctx.store.id, previewSecret, request.body.token) };
    },
  });
};
