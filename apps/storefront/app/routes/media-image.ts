import { MediaFileParamsSchema } from "@quire/contracts";
import { ApiRequestError, createApiClient } from "~/lib/api.server";
import { isUnavailableStatus } from "~/lib/api-unavailable.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { NOT_READY_RETRY_AFTER_SECONDS } from "~/lib/health.server";
import { notFoundResponse } from "~/lib/not-found.server";
import { requestIdOf } from "~/lib/request-id.server";
import type { Route } from "./+types/media-image";

/** The headers of a stored image file, whatever its format. */
export const MEDIA_IMAGE_HEADERS = {
  // The file's name is its content's hash: the same URL is always the same bytes, so it may be cached for good.
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  // An image opened on its own needs nothing else: no scripts, styles or fetches.
  "Content-Security-Policy": "default-src 'none'",
} as const;

/**
 * GET /media/images/<hash>-<width>.<avif|webp|jpg>: a product's uploaded image in one of its widths and formats
 * (decision 054), the API's stored file streamed through as it comes, with the API's content type. A name that
 * is not a stored file's, or a file the API does not have, is not found (a short text, not a page: an <img> asks).
 *
 * The route answers from its URL alone (root.tsx skips the shop's context for it, as for the covers): it calls
 * the API as nobody in particular, so it neither reads nor sets a cookie and its answer stays cacheable.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const parsed = MediaFileParamsSchema.safeParse(params);
  if (!parsed.success) return notFoundResponse(request);
  try {
    const api = createApiClient({ clientAddress: clientAddressOf(request), requestId: requestIdOf(request), signal: request.signal });
    const file = await api.download("getMediaFile", { params: parsed.data });
    return new Response(file.body, { headers: { ...MEDIA_IMAGE_HEADERS, "Content-Type": file.contentType } });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404) return notFoundResponse(request);
    // The API away (or unreachable): the browser may try again shortly; nothing of this answer is kept.
    if (isUnavailableStatus(error.status)) {
      return new Response(null, {
        status: 503,
        headers: { "Cache-Control": "no-store", "Retry-After": error.retryAfter ?? String(NOT_READY_RETRY_AFTER_SECONDS) },
      });
    }
    throw error;
  }
}
