import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

// Content calls of spec section 7: menus, pages, redirects, sitemap entries.
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
