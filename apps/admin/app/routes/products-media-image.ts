import { MediaFileParamsSchema } from "@quire/contracts";
import type { Route } from "./+types/products-media-image";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
const away = () => new Response(null, { status: 503, headers: { "Retry-After": "5" } });

/**
 * GET /media/images/<hash>-<width>.<avif|webp|jpg>: a product's uploaded picture, the API's stored file passed on as
 * it streams in (as the storefront's route of the same path), for the product page's previews. The files are the
 * shop's public pictures, named by their content's hash, so the route needs no session (and costs no staff look-up
 * per picture) and the browser may keep the file for good.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = MediaFileParamsSchema.safeParse(params);
  if (!parsed.success) return notFound();
  try {
    const file = await context.get(apiContext).download("getMediaFile", { params: parsed.data });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404) return notFound();
    if (error.status >= 500) return away();
    throw error;
  }
}
