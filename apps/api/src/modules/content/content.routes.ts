import {
  ListPagesQuerySchema,
  ListPagesResponseSchema,
  ListRedirectsQuerySchema,
  ListRedirectsResponseSchema,
  MenuCodeParamsSchema,
  MenuTreeResponseSchema,
  PageByUrlQuerySchema,
  PageResponseSchema,
  SitemapProductsQuerySchema,
  SitemapProductsResponseSchema,
} from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { getMenuTree, getPageByUrl, getPageSummaries, getRedirects, getSitemapProducts } from "./content.service";

// Content calls of spec section 7: menus, pages, redirects, sitemap entries.
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/menus/:code/tree",
    {
      schema: {
        tags: ["Content"],
        operationId: "getMenuTree",
        summary: "A menu as a tree (the storefront reads `main`); an unconfigured menu is empty",
        params: MenuCodeParamsSchema,
        response: { 200: MenuTreeResponseSchema },
      },
    },
    async (request) => ({ data: { data: await getMenuTree(db, request.ctx.store.id, request.params.code) } }),
  );

  app.get(
    "/redirects",
    {
      schema: {
        tags: ["Content"],
        operationId: "listRedirects",
        summary: "Old URL -> new URL pairs the storefront answers with HTTP 301",
        querystring: ListRedirectsQuerySchema,
        response: { 200: ListRedirectsResponseSchema },
      },
    },
    async (request) => ({ data: await getRedirects(db, request.ctx.store.id, request.query) }),
  );

  app.get(
    "/pages/by-url",
    {
      schema: {
        tags: ["Content"],
        operationId: "getPageByUrl",
        "x-error-codes": ["page_not_found"],
        summary: "The content page at a site path (`/` is the home page); 404 page_not_found when there is none",
        querystring: PageByUrlQuerySchema,
        response: { 200: PageResponseSchema },
      },
    },
    async (request) => ({ data: await getPageByUrl(db, request.ctx.store.id, request.query.url) }),
  );

  app.get(
    "/pages",
    {
      schema: {
        tags: ["Content"],
        operationId: "listPages",
        summary: "Content pages of the store, ordered by URL",
        querystring: ListPagesQuerySchema,
        response: { 200: ListPagesResponseSchema },
      },
    },
    async (request) => ({ data: await getPageSummaries(db, request.ctx.store.id, request.query) }),
  );

  app.get(
    "/sitemap/products",
    {
      schema: {
        tags: ["Content"],
        operationId: "listSitemapProducts",
        summary: "Published product slugs in id order, keyset-paged by `After` for sitemaps",
        querystring: SitemapProductsQuerySchema,
        response: { 200: SitemapProductsResponseSchema },
      },
    },
    async (request) => {
      const { After, Limit } = request.query;
      return { data: await getSitemapProducts(db, request.ctx.store, After, Limit) };
    },
  );
};
