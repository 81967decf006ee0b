import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../http/errors";
import { operationRoute } from "../../http/operation-route";
import type { ImageStorage } from "./image-storage";

/**
 * The shop's stored image files (decision 054), for the storefront and the back office to pass on at the same
 * path. A file's name is its content's hash, so the answer may be cached by anyone for good. They are the shop's
 * public pictures, so the route asks for no key: the back office, which holds no shopper's API key, shows them too.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: ImageStorage }> = async (app, { storage }) => {
  app.route({
    ...operationRoute("getMediaFile", {
      config: { public: true },
      schema: { tags: ["Media"], security: [], "x-error-codes": ["media_not_found"], summary: "A stored image file (immutable)" },
    }),
    handler: async (request, reply) => {
      const file = await storage.get(request.params.file);
      if (!file) throw new AppError("media_not_found");
      void reply
        .type(file.contentType)
        .header("content-length", String(file.byteLength))
        .header("cache-control", "public, max-age=31536000, immutable");
      // Fastify sends a stream's bytes as they come; the route's reply type is the schema's (a string of bytes).
      return reply.send(file.body as unknown as string);
    },
  });
};
