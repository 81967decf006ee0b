import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

// Catalogue calls of spec section 7: categories, products, product filters, product types, add-ons.
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
