/*
 * The search's ranking rules, written once (decision 035). Two implementations rank by them: PostgreSQL's query
 * (search.repository.ts, `documentScore`) and the in-memory lists (search-postings.ts, `bucketOf`); both read the
 * numbers below, and search.test.ts and catalog-index.test.ts run every search both ways.
 *
 * The rules, best first:
 *   1. the text is a product's SKU or ISBN;
 *   2. the text (or its correction) is the product's whole title, case and punctuation aside;
 *   3. every word is in the title;
 *   4. every word is in the title or the authors;
 *   5. every word is in the title, the authors or the series;
 *   6. every word is somewhere: subtitle and description too.
 * A word "is in" a field as a whole word (stemmed: "harbours" finds "harbour"), as the beginning of a word
 * (what a shopper is still typing: "frank"), or as the correction of a misspelt word. Within one rule: in
 * stock before out of stock; then a title that begins with the text; then the more words there as themselves
 * (whole, not only begun or corrected); then the products that sell most; then the lower product id.
 */

/** Each rule's number, higher first. */
export const SEARCH_RULE = {
  code: 6,
  wholeTitle: 5,
  inTitle: 4,
  inTitleOrAuthors: 3,
  inTitleAuthorsOrSeries: 2,
  anywhere: 1,
} as const;

/** The fields rules 3 to 6 read, in order: the first level at which every word is found decides the rule. */
export const FIELD_RULES = [SEARCH_RULE.inTitle, SEARCH_RULE.inTitleOrAuthors, SEARCH_RULE.inTitleAuthorsOrSeries, SEARCH_RULE.anywhere];

/** What the rule, the stock and a title that begins with the text weigh in a document's score: each outweighs the next. */
export const SCORE_WEIGHT = { rule: 4, inStock: 2, titleBegins: 1 } as const;

/**
 * The words there as themselves break ties within a score. A search has at most MAX_SEARCH_WORDS words (below
 * this), so PostgreSQL adds them as sixteenths and the lists keep this many slots per score.
 */
export const EXACT_WORD_SLOTS = 16;

/** A document's score under the rules: its rule, whether it is in stock, whether its title begins with the text. */
export function scoreOf(rule: number, inStock: boolean, titleBegins: boolean): number {
  return rule * SCORE_WEIGHT.rule + (inStock ? SCORE_WEIGHT.inStock : 0) + (titleBegins ? SCORE_WEIGHT.titleBegins : 0);
}

/** The highest score there is: a code, in stock, with a title that begins with the text. */
export const HIGHEST_SCORE = scoreOf(SEARCH_RULE.code, true, true);
