import type { SearchPostings } from "./search/search-postings";

/**
 * Product search as the product listing uses it (GET /products and GET /product-filters with SearchText).
 * The listing asks once per request what the shopper's text matches, and gets what a search engine answers:
 * the products found, best first, and the corrected text. It counts, filters, sorts and pages those products
 * itself (in the catalogue index, or in SQL over their ids), so it knows nothing else about search. The search
 * index on PostgreSQL is the implementation (modules/catalog/search, decision 035); a hosted engine is another,
 * handed to buildApp, with no change to the listing.
 */
export interface ProductSearch {
  match(input: { storeId: number; text: string }): Promise<ProductSearchMatch>;
}

/**
 * What a search matched. `rankedIds` is a method, so a selection's JSON (the key of a cached count,
 * catalog-counts-cache.ts) holds only `text` and `didYouMean`: a match must be fully determined by the store and
 * the text for the TTL of a cached count.
 */
export interface ProductSearchMatch {
  readonly text: string;
  /** The text with its misspelt words corrected, when the search corrected any (GET /products says so). */
  readonly didYouMean?: string | null;
  /**
   * Every product found, best first; products of equal relevance in id order. `lists`: the store's search words
   * that the catalogue index holds (search-postings.ts), for a search that ranks in them, or null; another
   * engine ignores them.
   */
  rankedIds(lists: SearchPostings | null): Promise<number[]>;
}
