import type { ProductSummary } from "@quire/contracts";
import type { RecommendationType } from "@quire/contracts/constants";
import type { ApiClient } from "~/lib/api.server";

/**
 * Recommended products for a page (GET /recommendations/:type), as a promise the page streams in below its
 * main content: started by the loader, never awaited by it. A failure is logged and shows no row.
 */
export async function listRecommendations(
  api: ApiClient,
  type: RecommendationType,
  options: { variantId?: number; limit?: number } = {},
): Promise<ProductSummary[]> {
  try {
    const query = { PageSize: options.limit ?? 6, ...(options.variantId ? { productVariantId: options.variantId } : {}) };
    return (await api.call("getRecommendations", { params: { type }, query })).data.results;
  } catch (error) {
    console.warn(`Recommendations (${type}) could not be read:`, error instanceof Error ? error.message : error);
    return [];
  }
}
