import type { ProductSummary } from "@quire/contracts";
import type { RecommendationType } from "@quire/contracts/constants";
import type { RouterContextProvider } from "react-router";
import { getSearchClient } from "~/features/search/search-client.server";
import { callerContext, sessionContext } from "~/lib/context.server";

/**
 * Recommended products for a page (GET /recommendations/:type) through the search client (its time-outs and
 * brief cache), as a promise the page streams in below its main content: started by the loader, never awaited
 * by it. A failure is logged and shows no row.
 */
export async function listRecommendations(
  context: Readonly<RouterContextProvider>,
  type: RecommendationType,
  options: { variantId?: number; limit?: number } = {},
): Promise<ProductSummary[]> {
  try {
    const caller = { ...context.get(callerContext), token: context.get(sessionContext).token ?? undefined };
    const query = { PageSize: options.limit ?? 6, ...(options.variantId ? { productVariantId: options.variantId } : {}) };
    return await getSearchClient().recommendations(type, query, caller);
  } catch (error) {
    console.warn(`Recommendations (${type}) could not be read:`, error instanceof Error ? error.message : error);
    return [];
  }
}
