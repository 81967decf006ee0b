import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { surrogateKeys } from "@quire/contracts/constants";
import { withSurrogateKeys } from "../../http/surrogate-keys";
import type { Db } from "../../db/client";
import { operationRoute } from "../../http/operation-route";
import { recommend } from "./recommendations.service";

// GET /recommendations/:type: product cards around the variant looked at (decision 035).
export const recommendationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...operationRoute("getRecommendations", {
      schema: {
        tags: ["Catalogue"],
        "x-error-codes": ["variant_not_found"],
        summary: "Recommended products: similar, trending, bought together or related, only what the caller can buy",
      },
    }),
    handler: async (request, reply) => {
      const recommended = await recommend(db, request.ctx, request.params.type, request.query);
      return withSurrogateKeys(
        reply,
        // The cards shown, and `catalog`: a product's change may bring another card into the recommendations.
        [surrogateKeys.catalog, ...recommended.results.map((card) => surrogateKeys.product(card.id))],
        recommended,
      );
    },
  });
};
