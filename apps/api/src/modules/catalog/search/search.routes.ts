import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { CatalogIndex } from "../catalog-index-keeper";
import { operationRoute } from "../../../http/operation-route";
import { getCatalogVisibility } from "../catalog-policy";
import { autocomplete } from "./search.service";

// Search calls beside GET /products' SearchText: the as-you-type suggestions.
// `index`: the catalogue index, whose search lists rank the suggestions when it holds them (search-postings.ts).
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; index?: CatalogIndex | null }> = async (app, { db, index }) => {
  app.route({
    ...operationRoute("autocompleteProducts", {
      schema: {
        tags: ["Catalogue"],
        summary: "Suggestions as the shopper types: products (a SKU or ISBN first), categories and authors, the matched part marked",
      },
    }),
    handler: async (request) => {
      const { store, customerId } = request.ctx;
      const visibility = getCatalogVisibility({ store, customerId });
      return { data: await autocomplete(db, { storeId: store.id, text: request.query.SearchText, visibility, index }) };
    },
  });
};
