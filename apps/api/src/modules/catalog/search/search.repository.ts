import type { Image } from "@quire/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sqlRows } from "../../../db/sql-rows";
import type { StoredPicture } from "../../media/pictures";
import { categoryShown } from "../catalog.repository";
import { attributes, attributeValues, categories, productAttributeValues, productImages } from "../catalog.tables";
import { searchKey } from "./search-index.repository";
import { EXACT_WORD_SLOTS, FIELD_RULES, SCORE_WEIGHT, SEARCH_RULE } from "./search-ranking";
import { searchDocuments, searchWords } from "./search.tables";

/*
 * The search index's reads (decision 035), ranked by the rules of search-ranking.ts, which the in-memory lists
 * (search-postings.ts) rank by too.
 */

/** What the shopper's words are, as the queries below read them. */
export interface SearchTerms {
  storeId: number;
  /** The whole text, and its correction if any: what the exact-title rule compares. */
  texts: string[];
  /** Each word with its corrections (none when it is a known word): any of them may match. */
  words: { word: string; alternatives: string[] }[];
  /** SKU or ISBN the text may be. */
  codes: string[];
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** A tsquery that holds when every word, or one of its corrections, is matched by `candidate`'s query. */
function everyWordQuery(terms: SearchTerms, candidate: (text: string) => SQL): SQL {
  if (terms.words.length === 0) return sql`''::tsquery`;
  const perWord = terms.words.map(({ word, alternatives }) => sql`(${sql.join([word, ...alternatives].map(candidate), sql` || `)})`);
  return sql`(${sql.join(perWord, sql` && `)})`;
}

/** Whole words, stemmed (english): each word, or one of its corrections, somewhere in the document. */
const wholeWordsQuery = (terms: SearchTerms) =>
  everyWordQuery(terms, (candidate) => sql`plainto_tsquery('english'::regconfig, ${candidate})`);

/**
 * Every word, or a correction, as the beginning of a word of the title, authors or series (simple, not
 * stemmed). Words are letters and digits only (search-text.ts), so `word:*` needs no quoting.
 */
const prefixQuery = (terms: SearchTerms) => everyWordQuery(terms, (candidate) => sql`to_tsquery('simple'::regconfig, ${`${candidate}:*`})`);

/** True for the documents the terms' words find (whole or begun); over search_documents aliased `d`. */
function wordsMatch(terms: SearchTerms): SQL {
  return terms.words.length > 0 ? sql`(d.document @@ ${wholeWordsQuery(terms)} or d.prefixes @@ ${prefixQuery(terms)})` : sql`false`;
}

/** True for the documents the terms find, by their words or a code; over search_documents aliased `d`. */
function documentMatches(terms: SearchTerms): SQL {
  const byCode = terms.codes.length > 0 ? sql` or d.codes && ${textArray(terms.codes)}` : sql``;
  return sql`(${wordsMatch(terms)}${byCode})`;
}

/** The texts as title keys, for the exact-title rule: `d.title_key in (…)`. */
function titleKeys(terms: SearchTerms): SQL {
  return sql.join(
    terms.texts.map((text) => searchKey(sql`${text}`)),
    sql`, `,
  );
}

/** True when every word is in one of these fields (weights: a title, b authors, c series), whole or begun. */
function inFields(terms: SearchTerms, weights: string): SQL {
  const fields = sql.raw(`'{${weights}}'::"char"[]`);
  return sql`(ts_filter(d.document, ${fields}) @@ ${wholeWordsQuery(terms)} or ts_filter(d.prefixes, ${fields}) @@ ${prefixQuery(terms)})`;
}

/** How many of the words are in the document as themselves (stemmed), not begun or corrected: 0 to MAX_SEARCH_WORDS. */
function exactWords(terms: SearchTerms): SQL {
  if (terms.words.length === 0) return sql`0`;
  return sql.join(
    terms.words.map(({ word }) => sql`(case when d.document @@ plainto_tsquery('english'::regconfig, ${word}) then 1 else 0 end)`),
    sql` + `,
  );
}

/** A number of search-ranking.ts in the query's text (a constant of ours, never the shopper's input). */
const number = (value: number) => sql.raw(String(value));

/** The ranking rules (search-ranking.ts) as one number, higher first; over search_documents aliased `d`. */
function documentScore(terms: SearchTerms): SQL {
  const code = terms.codes.length > 0 ? sql`when d.codes && ${textArray(terms.codes)} then ${number(SEARCH_RULE.code)}` : sql``;
  const keys = titleKeys(terms);
  const [inTitle, inTitleOrAuthors, inTitleAuthorsOrSeries, anywhere] = FIELD_RULES.map(number);
  const rule = sql`case ${code}
    when d.title_key in (${keys}) then ${number(SEARCH_RULE.wholeTitle)}
    when ${inFields(terms, "a")} then ${inTitle}
    when ${inFields(terms, "a,b")} then ${inTitleOrAuthors}
    when ${inFields(terms, "a,b,c")} then ${inTitleAuthorsOrSeries}
    else ${anywhere} end`;
  const titleBegins = sql`case when starts_with(d.title_key, ${searchKey(sql`${terms.texts[0] ?? ""}`)}) then ${number(SCORE_WEIGHT.titleBegins)} else 0 end`;
  const inStock = sql`case when d.in_stock then ${number(SCORE_WEIGHT.inStock)} else 0 end`;
  // The words there as themselves break ties within a score, as fractions of one.
  return sql`(${rule}) * ${number(SCORE_WEIGHT.rule)} + ${inStock} + ${titleBegins} + (${exactWords(terms)}) / ${number(EXACT_WORD_SLOTS)}.0`;
}

/** What PostgreSQL makes of a word: its stemmed lexemes, and its correction with that word's lexemes. */
export interface WordReading {
  word: string;
  lexemes: string[];
  correction: string | null;
  correctionLexemes: string[] | null;
}

/**
 * How PostgreSQL reads the shopper's words, in one statement: for each word its stemmed lexemes (english;
 * none for a stop word) and, for a correctable word the store's vocabulary does not know, not even as the
 * beginning of a word (what a shopper is still typing), its nearest known word by trigram similarity (at
 * least 0.3, pg_trgm's default; the commoner of equally near ones) with that word's lexemes; the text as a
 * title key; and the products whose SKU or ISBN the text is. The lexemes, key and products are what the
 * in-memory lists need (search-postings.ts); SQL ranking reads the words and corrections alone.
 */
export async function readWords(
  db: Db,
  input: { storeId: number; text: string; words: string[]; correctable: boolean[]; codes: string[] },
): Promise<{ words: WordReading[]; textKey: string; codeProductIds: number[] }> {
  const { storeId } = input;
  const codeProducts =
    input.codes.length > 0
      ? sql`coalesce((select array_agg(d.product_id order by d.product_id) from ${searchDocuments} d
          where d.store_id = ${storeId} and d.codes && ${textArray(input.codes)}), '{}'::int[])`
      : sql`'{}'::int[]`;
  const [row] = await sqlRows<{ words: WordReading[]; text_key: string; code_product_ids: number[] }>(
    db,
    sql`select ${searchKey(sql`${input.text}`)} as text_key, ${codeProducts} as code_product_ids,
      coalesce((select json_agg(json_build_object(
          'word', q.word,
          'lexemes', tsvector_to_array(to_tsvector('english'::regconfig, q.word)),
          'correction', c.word,
          'correctionLexemes', case when c.word is not null then tsvector_to_array(to_tsvector('english'::regconfig, c.word)) end)
          order by q.n)
        from unnest(${textArray(input.words)}, ${sql.param(input.correctable)}::boolean[]) with ordinality as q(word, correctable, n)
        left join lateral (
          select s.word from ${searchWords} s
          where q.correctable and s.store_id = ${storeId} and s.word % q.word
            and not exists (select 1 from ${searchWords} k where k.store_id = ${storeId} and k.word like q.word || '%')
          order by similarity(s.word, q.word) desc, s.documents desc, s.word
          limit 1) c on true), '[]'::json) as words`,
  );
  return { words: row!.words, textKey: row!.text_key, codeProductIds: row!.code_product_ids };
}

/** Every document the terms find, best first by the ranking rules, then sales, then id: a search's whole ranking. */
export async function findRankedIds(db: Db, terms: SearchTerms): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select d.product_id as id from ${searchDocuments} d
      where d.store_id = ${terms.storeId} and ${documentMatches(terms)}
      order by ${documentScore(terms)} desc, d.popularity desc, d.product_id`,
  );
  return rows.map((row) => row.id);
}

export interface ProductHit {
  id: number;
  slug: string;
  name: string;
  authors: string;
  image: Image | null;
  codes: string[];
}

/**
 * How many matches the suggestions rank at most: the most popular ones, and every exact title and code match
 * besides. Codes have their own branch, never the popularity walk's condition: PostgreSQL guesses an array
 * overlap to match thousands of rows, and then walked the whole popularity index for a word nothing matches
 * ("9780" took 3.6 s at 1M products; with the words alone it is a bitmap scan of the few matches, 0.1 ms). Two letters match a tenth of a large catalogue; ranking all of them at each keystroke is what a
 * shopper would wait for, and a book that few buy is found by typing a word more.
 */
export const SUGGESTION_CANDIDATES = 200;

/** The best `limit` products for the terms, by the ranking rules, among the SUGGESTION_CANDIDATES above. */
export async function findProductHits(db: Db, terms: SearchTerms, limit: number): Promise<ProductHit[]> {
  const found = await sqlRows<HitRecord>(
    db,
    sql`with candidates as (
        (select d.product_id from ${searchDocuments} d where d.store_id = ${terms.storeId} and ${wordsMatch(terms)}
          order by d.popularity desc nulls last, d.product_id limit ${SUGGESTION_CANDIDATES})
        union
        select d.product_id from ${searchDocuments} d where d.store_id = ${terms.storeId} and d.title_key in (${titleKeys(terms)})
        ${terms.codes.length > 0 ? sql`union select d.product_id from ${searchDocuments} d where d.store_id = ${terms.storeId} and d.codes && ${textArray(terms.codes)}` : sql``}
      ),
      best as (
        select d.product_id, d.title, d.authors, d.codes, ${documentScore(terms)} as score, d.popularity
        from candidates c join ${searchDocuments} d on d.product_id = c.product_id
        order by score desc, d.popularity desc, d.product_id limit ${limit})
      select b.product_id as id, p.slug, b.title as name, b.authors, i.url as image_url, i.alt as image_alt, i.picture as image_picture, b.codes
      from best b join products p on p.id = b.product_id
      left join lateral (select url, alt, picture from ${productImages} where product_id = b.product_id order by position, id limit 1) i on true
      order by b.score desc, b.popularity desc, b.product_id`,
  );
  return found.map(toHit);
}

/** The suggestions' details of these products, in this order (ranked by the in-memory lists, search-postings.ts). */
export async function findProductHitsByIds(db: Db, ids: number[]): Promise<ProductHit[]> {
  if (ids.length === 0) return [];
  const found = await sqlRows<HitRecord>(
    db,
    sql`select d.product_id as id, p.slug, d.title as name, d.authors, i.url as image_url, i.alt as image_alt, i.picture as image_picture, d.codes
      from unnest(${sql.param(ids)}::int[]) with ordinality as b(product_id, n)
      join ${searchDocuments} d on d.product_id = b.product_id join products p on p.id = d.product_id
      left join lateral (select url, alt, picture from ${productImages} where product_id = d.product_id order by position, id limit 1) i on true
      order by b.n`,
  );
  return found.map(toHit);
}

interface HitRecord {
  id: number;
  slug: string;
  name: string;
  authors: string;
  image_url: string | null;
  image_alt: string | null;
  image_picture: StoredPicture | null;
  codes: string[];
}

const toHit = (row: HitRecord): ProductHit => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  authors: row.authors,
  image: row.image_url === null ? null : { url: row.image_url, alt: row.image_alt ?? "", ...row.image_picture },
  codes: row.codes,
});

/** Shown categories a word of whose name begins with each word (or a correction), the shallowest first. */
export async function findCategoryHits(db: Db, terms: SearchTerms, limit: number) {
  if (terms.words.length === 0) return [];
  const everyWord = sql.join(
    terms.words.map(
      ({ word, alternatives }) =>
        sql`(${sql.join(
          [word, ...alternatives].map((candidate) => sql`c.name ~* ${`\\m${candidate}`}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
  return sqlRows<{ id: number; slug: string; name: string }>(
    db,
    sql`select c.id, c.slug, c.name from ${categories} c
      where c.store_id = ${terms.storeId} and ${everyWord} and ${categoryShown("c")}
      order by c.depth, c.position, c.id limit ${limit}`,
  );
}

/** Authors with a product in the index, a word of whose name begins with each word (or a correction). */
export async function findAuthorHits(db: Db, terms: SearchTerms, limit: number) {
  if (terms.words.length === 0) return [];
  const everyWord = sql.join(
    terms.words.map(
      ({ word, alternatives }) =>
        sql`(${sql.join(
          [word, ...alternatives].map((candidate) => sql`av.label ~* ${`\\m${candidate}`}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
  // The trigram index narrows the authors to those containing the longest word; the regex checks word starts.
  const longest = [...terms.words].sort((a, b) => b.word.length - a.word.length)[0]!;
  const narrow = longest.alternatives.length === 0 && longest.word.length >= 3 ? sql` and av.label ilike ${`%${longest.word}%`}` : sql``;
  return sqlRows<{ code: string; name: string }>(
    db,
    sql`select av.code, av.label as name from ${attributeValues} av
      join ${attributes} a on a.id = av.attribute_id and a.store_id = ${terms.storeId} and a.code = 'author'
      where ${everyWord}${narrow}
        and exists (select 1 from ${productAttributeValues} pav join ${searchDocuments} d on d.product_id = pav.product_id
          where pav.attribute_value_id = av.id)
      order by av.label, av.id limit ${limit}`,
  );
}
