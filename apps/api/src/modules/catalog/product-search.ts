import type { SQL } from "drizzle-orm";
import type { SearchPostings } from "./search/search-postings";

/**
 * Product search as the product listing uses it (GET /products and GET /product-filters with SearchText).
 * The listing asks once per request what the shopper's text matches, then filters and, for the relevance
 * sort, orders by the answer; it knows nothing else about search. The search index on PostgreSQL is the
 * implementation (modules/catalog/search, decision 035); a hosted engine that answers ranked product ids is another,
 * handed to buildApp, with no change to the listing.
 */
export interface ProductSearch {
  match(input: { storeId: number; text: string }): Promise<ProductSearchMatch>;
}

/**
 * What a search matched, as SQL over the listing's products, aliased `p`. The fragments are methods, so a
 * selection's JSON (the key of a cached count, catalog-counts-cache.ts) holds only `text`: a match must be
 * fully determined by the store and the text for the TTL of a cached count.
 */
export interface ProductSearchMatch {
  readonly text: string;
  /** The text with its misspelt words corrected, when the search corrected any (GET /products says so). */
  readonly didYouMean?: string | null;
  /** True for the products the search finds. */
  condition(): SQL;
  /** ORDER BY terms, best match first; the listing adds its own final tie-break on the id. */
  relevance(): SQL;
  /**
   * Every product found, best first, in the order `relevance()` then the id gives. With it, the in-memory
   * catalogue index (decision 028) counts, filters and pages a search like any other selection. `lists`:
   * the store's search words that the catalogue index holds (search-postings.ts), for a search that ranks in
   * them; another engine ignores them.
   */
  rankedIds?(lists: SearchPostings | null): Promise<number[]>;
}
