import { PreviewTokenSchema } from "@quire/contracts";
import { ApiRequestError } from "~/lib/api.server";
import { notFound } from "~/lib/not-found.server";

/** A preview is for whoever holds its link: never kept by a cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * Reads what a merchant's preview link (`?preview=<token>`, decision 051) opens, a product, a page or a post, published
 * or not: `read` asks the API with the token. Something that is not a token, a token the API does not know and one
 * past its time all answer the shop's 404 page: the link simply leads nowhere.
 */
export async function readThroughPreviewLink<T>(request: Request, token: string, read: (token: string) => Promise<T>): Promise<T> {
  if (!PreviewTokenSchema.safeParse(token).success) throw notFound(request);
  try {
    return await read(token);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) throw notFound(request);
    throw error;
  }
}
