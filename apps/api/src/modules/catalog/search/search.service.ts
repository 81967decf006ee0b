import { AUTOCOMPLETE_MAX_AUTHORS, AUTOCOMPLETE_MAX_CATEGORIES, AUTOCOMPLETE_MAX_PRODUCTS, type Autocomplete } from "@quire/contracts";
import type { Db } from "../../../db/client";
import type { CatalogVisibility } from "../catalog-policy";
import type { CatalogIndex } from "../catalog-index-keeper";
import type { ProductSearch, ProductSearchMatch } from "../product-search";
import type { PostingsQuery } from "./search-postings";
import { codesOf, highlight, searchWords } from "./search-text";
import * as search from "./search.repository";

/*
 * Search on PostgreSQL (decision 035): the product search the listing uses (GET /products and
 * GET /product-filters with SearchText) and the as-you-type suggestions (GET /products/search/autocomplete),
 * both reading the search index the search-index job keeps (search-index.ts). The ranking rules are in
 * search-ranking.ts.
 */

/** Words shorter than this are never corrected: too few letters to tell a typo from another word. */
const MIN_CORRECTED_LENGTH = 3;

/**
 * The terms of a text: its words, each unknown one with the store's nearest known word as an alternative,
 * and the code it may be; the same as the in-memory lists read them (stemmed by PostgreSQL, search-postings.ts).
 * `didYouMean` is the text with the corrections, when there were any. One SQL statement.
 */
export async function readTerms(
  db: Db,
  storeId: number,
  text: string,
): Promise<{ terms: search.SearchTerms; postings: PostingsQuery; didYouMean: string | null }> {
  const words = searchWords(text);
  const codes = codesOf(text);
  const correctable = words.map((word) => word.length >= MIN_CORRECTED_LENGTH && !/^\d+$/.test(word));
  const read = await search.readWords(db, { storeId, text, words, correctable, codes });
  const corrections = new Map(read.words.flatMap((word) => (word.correction ? [[word.word, word.correction] as const] : [])));
  // A text that is a code is not "corrected" into words.
  const didYouMean = corrections.size > 0 && codes.length === 0 ? words.map((word) => corrections.get(word) ?? word).join(" ") : null;
  const terms: search.SearchTerms = {
    storeId,
    texts: didYouMean ? [text, didYouMean] : [text],
    words: words.map((word) => ({ word, alternatives: corrections.has(word) ? [corrections.get(word)!] : [] })),
    codes,
  };
  const postings: PostingsQuery = {
    words: read.words.map((word) => ({
      forms: word.correctionLexemes ? [word.lexemes, word.correctionLexemes] : [word.lexemes],
      prefixes: word.correction ? [word.word, word.correction] : [word.word],
    })),
    // The corrected text is lower-case words and single spaces already: its own title key.
    titleKeys: didYouMean ? [read.textKey, didYouMean] : [read.textKey],
    textKey: read.textKey,
    codeProductIds: codes.length > 0 ? read.codeProductIds : [],
  };
  return { terms, postings, didYouMean };
}

/**
 * Search as the listing asks for it: the products the text finds, ranked by the ranking rules (search-ranking.ts).
 * The ranking comes from the in-memory lists when the catalogue index holds them, else from PostgreSQL.
 */
export const postgresProductSearch = (db: Db): ProductSearch => ({
  async match({ storeId, text }): Promise<ProductSearchMatch> {
    const { terms, postings, didYouMean } = await readTerms(db, storeId, text);
    return {
      text,
      didYouMean,
      rankedIds: async (lists) => (lists ? Array.from(lists.rank(postings)) : search.findRankedIds(db, terms)),
    };
  },
});

/**
 * The suggestions for what a shopper has typed so far: the best products (by the ranking rules, a code
 * first), the categories and the authors whose names begin with the words, each label with the matched part
 * marked. Products and authors are left out where the store hides its products from this caller.
 */
export async function autocomplete(
  db: Db,
  input: { storeId: number; text: string; visibility: CatalogVisibility; index?: CatalogIndex | null },
): Promise<Autocomplete> {
  const { terms, postings, didYouMean } = await readTerms(db, input.storeId, input.text);
  const marked = terms.words.flatMap(({ word, alternatives }) => [word, ...alternatives]);
  // With the store's lists in memory every match is ranked, however many; without, the most popular ones.
  const lists = input.index?.forStore(input.storeId)?.search ?? null;
  const productHits = () =>
    lists
      ? search.findProductHitsByIds(db, Array.from(lists.best(postings, AUTOCOMPLETE_MAX_PRODUCTS)))
      : search.findProductHits(db, terms, AUTOCOMPLETE_MAX_PRODUCTS);
  const [products, categories, authors] = await Promise.all([
    input.visibility.productsVisible ? productHits() : [],
    search.findCategoryHits(db, terms, AUTOCOMPLETE_MAX_CATEGORIES),
    input.visibility.productsVisible ? search.findAuthorHits(db, terms, AUTOCOMPLETE_MAX_AUTHORS) : [],
  ]);
  return {
    text: input.text,
    didYouMean,
    products: products.map((hit) => ({
      id: hit.id,
      slug: hit.slug,
      name: hit.name,
      highlight: highlight(hit.name, marked),
      byline: hit.authors,
      image: hit.image,
      matchedCode: hit.codes.find((code) => terms.codes.includes(code)) ?? null,
    })),
    categories: categories.map((hit) => ({ ...hit, highlight: highlight(hit.name, marked) })),
    authors: authors.map((hit) => ({ ...hit, highlight: highlight(hit.name, marked) })),
  };
}
