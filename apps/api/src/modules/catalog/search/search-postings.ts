import { LRUCache } from "lru-cache";
import { EXACT_WORD_SLOTS, FIELD_RULES, HIGHEST_SCORE, SEARCH_RULE, scoreOf } from "./search-ranking";

/*
 * The search index's words in the API's memory (decision 035, "at a million products"): for each word of a
 * store's search documents, the documents that hold it and in which fields (posting lists), beside the
 * catalogue index (decision 028) that counts and pages what a search finds. PostgreSQL stays the source:
 * every list is built from `search_documents` as PostgreSQL wrote it (its stemmed `document`, its word-for-word
 * `prefixes`), and a query's words arrive already stemmed and corrected by PostgreSQL (search.service.ts), so
 * these lists find what PostgreSQL's `@@` finds and rank by the same rules (search-ranking.ts). Without
 * them, a common word's match set costs PostgreSQL a bitmap of a third of the catalogue and a visit to each
 * document; here it is a walk of one list.
 *
 * Documents are numbered most popular first (then by product id), so each list is in popularity order and
 * the ranking is a counting sort by rule, no comparison sort. Immutable: changes (`withChanges`) make a new
 * instance that shares the lists, marks the changed documents' old entries as gone and holds their new
 * state beside (`extra`), until the owner rebuilds. No I/O here: search-postings.repository.ts loads.
 */

/** Where in a document a word is: tsvector weights A (title), B (authors), C (series), D (subtitle, description). */
export const FIELD_TITLE = 1;
export const FIELD_AUTHORS = 2;
export const FIELD_SERIES = 4;
export const FIELD_BODY = 8;

/** A search document as search_documents holds it; the vectors in PostgreSQL's text form. */
export interface SearchDocumentRow {
  productId: number;
  popularity: number;
  inStock: boolean;
  titleKey: string;
  /** `document::text`: `'lexem':1A,4 'other':2B` (stemmed, english). */
  document: string;
  /** `prefixes::text`: title, authors and series word for word (simple). */
  prefixes: string;
}

/** One word of a search as the lists read it, from what PostgreSQL made of it (search.service.ts). */
export interface PostingsWord {
  /**
   * The word's stemmed forms: its own first, then its corrections'. A form is the lexemes PostgreSQL's
   * english configuration makes of it (one for a word of letters and digits; none for a stop word), all of
   * which a document must hold. A word with no lexeme in any form is left out of whole-word matching, as
   * PostgreSQL leaves an empty query out of `&&`.
   */
  forms: string[][];
  /** The word and its corrections as the beginnings of title, author and series words. */
  prefixes: string[];
}

export interface PostingsQuery {
  words: PostingsWord[];
  /** The text and its correction as title keys: the exact-title rule. */
  titleKeys: string[];
  /** The text as a title key: the "title begins with the text" tie-break. */
  textKey: string;
  /** Products whose SKU or ISBN the text is. */
  codeProductIds: number[];
}

/** More changed documents than this beside the lists: the owner builds them again. */
export const MAX_EXTRA_DOCUMENTS = 20_000;

/** Exact-word counts stay below this, so a bucket is score × slots + exact (PostgreSQL adds exact / slots). */
const EXACT_SLOTS = EXACT_WORD_SLOTS;
/** One bucket per score and exact-word count, up to the highest score. */
const BUCKETS = (HIGHEST_SCORE + 1) * EXACT_SLOTS;

/** Bits of a word's byte per document: whole-word fields (A-D) low, prefix fields (A-C) shifted, own form high. */
const PREFIX_SHIFT = 4;
const EXACT_BIT = 0x80;

/**
 * Calls `each` for every lexeme of a tsvector's text form with the fields (FIELD_* bits) it appears in. A
 * position without a weight letter is D; a lexeme without positions counts as D, as ts_filter reads it.
 */
export function parseTsvector(text: string, each: (lexeme: string, fields: number) => void) {
  const length = text.length;
  let at = 0;
  while (at < length) {
    while (at < length && text.charCodeAt(at) === 32) at++;
    if (at >= length) break;
    if (text.charCodeAt(at) !== 39) throw new Error(`not a tsvector at ${at}: ${text.slice(at, at + 20)}`);
    at++;
    let lexeme = "";
    let start = at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code)) throw new Error("unterminated lexeme in a tsvector");
      if (code === 92) {
        // A backslash escapes the next character.
        lexeme += text.slice(start, at) + text.charAt(at + 1);
        at += 2;
        start = at;
      } else if (code === 39) {
        if (text.charCodeAt(at + 1) === 39) {
          lexeme += text.slice(start, at + 1);
          at += 2;
          start = at;
        } else {
          lexeme += text.slice(start, at);
          at++;
          break;
        }
      } else at++;
    }
    let fields = 0;
    if (text.charCodeAt(at) === 58) {
      at++;
      for (;;) {
        while (at < length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
        const weight = text.charCodeAt(at);
        if (weight === 65) fields |= FIELD_TITLE;
        else if (weight === 66) fields |= FIELD_AUTHORS;
        else if (weight === 67) fields |= FIELD_SERIES;
        else fields |= FIELD_BODY;
        if (weight >= 65 && weight <= 68) at++;
        if (text.charCodeAt(at) !== 44) break;
        at++;
      }
    } else fields = FIELD_BODY;
    each(lexeme, fields);
  }
}

/** Posting lists in one array, per term: documents ascending, each with its fields. */
interface Lists {
  offsets: Int32Array;
  documents: Int32Array;
  fields: Uint8Array;
}

/** The built lists; shared by every instance that follows changes from them. */
interface Base {
  size: number;
  productIds: Int32Array;
  popularity: Int32Array;
  inStock: Uint8Array;
  /** Every title key, each followed by "\n"; document d's begins at keyOffsets[d]. */
  titleKeys: string;
  keyOffsets: Int32Array;
  /**
   * Each title key's length (up to 0xffff) and first character, `length << 16 | char`: what decides whether a
   * title can be or begin with the text without reading the title itself (a read far away in memory).
   */
  titleHeads: Uint32Array;
  /** The documents in the order of their title keys: a title that is the text is a binary search away. */
  titleOrder: Int32Array;
  /** Base document of a product id, -1 for none. */
  documentOfProduct: Int32Array;
  /** Stemmed terms (english) by their text. */
  wholeTerms: Map<string, number>;
  whole: Lists;
  /** Word-for-word terms (simple), sorted, so a prefix is a range. */
  prefixTerms: string[];
  prefix: Lists;
  /** The same by document: document d's terms (sorted ids) and fields at starts[d] .. starts[d + 1]. */
  prefixByDocument: { starts: Int32Array; terms: Int32Array; fields: Uint8Array };
}

/** A document changed since the lists were built, read word by word. */
interface ExtraDocument {
  productId: number;
  popularity: number;
  inStock: boolean;
  titleKey: string;
  whole: Map<string, number>;
  prefix: [string, number][];
}

/** A growable pair of columns: term ids and their fields, document after document. */
class TermColumn {
  terms = new Int32Array(1 << 16);
  fields = new Uint8Array(1 << 16);
  length = 0;
  push(term: number, fields: number) {
    if (this.length === this.terms.length) {
      const terms = new Int32Array(this.terms.length * 2);
      terms.set(this.terms);
      this.terms = terms;
      const more = new Uint8Array(this.fields.length * 2);
      more.set(this.fields);
      this.fields = more;
    }
    this.terms[this.length] = term;
    this.fields[this.length++] = fields;
  }
}

/** Turns document-ordered (term, fields) columns into per-term lists; `rank` renumbers terms (sorted order). */
function invert(column: TermColumn, documentStarts: number[], termCount: number, rank: Int32Array | null): Lists {
  const offsets = new Int32Array(termCount + 1);
  for (let at = 0; at < column.length; at++) offsets[(rank ? rank[column.terms[at]!]! : column.terms[at]!) + 1]!++;
  for (let term = 0; term < termCount; term++) offsets[term + 1]! += offsets[term]!;
  const next = offsets.slice(0, termCount);
  const documents = new Int32Array(column.length);
  const fields = new Uint8Array(column.length);
  for (let document = 0; document + 1 < documentStarts.length; document++) {
    for (let at = documentStarts[document]!; at < documentStarts[document + 1]!; at++) {
      const term = rank ? rank[column.terms[at]!]! : column.terms[at]!;
      const slot = next[term]!++;
      documents[slot] = document;
      fields[slot] = column.fields[at]!;
    }
  }
  return { offsets, documents, fields };
}

/** Builds the lists from documents given most popular first (then by product id), as the ranking needs them. */
export class SearchPostingsBuilder {
  private readonly productIds: number[] = [];
  private readonly popularity: number[] = [];
  private readonly inStock: number[] = [];
  private readonly titleKeys: string[] = [];
  private readonly wholeTerms = new Map<string, number>();
  private readonly prefixTerms = new Map<string, number>();
  private readonly whole = new TermColumn();
  private readonly prefix = new TermColumn();
  private readonly wholeStarts: number[] = [0];
  private readonly prefixStarts: number[] = [0];

  add(row: SearchDocumentRow) {
    this.productIds.push(row.productId);
    this.popularity.push(row.popularity);
    this.inStock.push(row.inStock ? 1 : 0);
    this.titleKeys.push(row.titleKey);
    const termOf = (terms: Map<string, number>, lexeme: string) => {
      let term = terms.get(lexeme);
      if (term === undefined) {
        term = terms.size;
        terms.set(lexeme, term);
      }
      return term;
    };
    parseTsvector(row.document, (lexeme, fields) => this.whole.push(termOf(this.wholeTerms, lexeme), fields));
    parseTsvector(row.prefixes, (lexeme, fields) => this.prefix.push(termOf(this.prefixTerms, lexeme), fields));
    this.wholeStarts.push(this.whole.length);
    this.prefixStarts.push(this.prefix.length);
  }

  build(): SearchPostings {
    const size = this.productIds.length;
    const productIds = Int32Array.from(this.productIds);
    let maxProductId = 0;
    for (const id of productIds) if (id > maxProductId) maxProductId = id;
    const documentOfProduct = new Int32Array(maxProductId + 1).fill(-1);
    productIds.forEach((id, document) => (documentOfProduct[id] = document));
    const keyOffsets = new Int32Array(size + 1);
    const titleHeads = new Uint32Array(size);
    this.titleKeys.forEach((key, document) => {
      keyOffsets[document + 1] = keyOffsets[document]! + key.length + 1;
      titleHeads[document] = ((Math.min(key.length, 0xffff) << 16) | (key.length > 0 ? key.charCodeAt(0) : 0)) >>> 0;
    });

    const keys = this.titleKeys;
    const titleOrder = Int32Array.from(keys.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
    const prefixTerms = [...this.prefixTerms.keys()].sort();
    const rank = new Int32Array(prefixTerms.length);
    prefixTerms.forEach((term, sorted) => (rank[this.prefixTerms.get(term)!] = sorted));

    return new SearchPostings(
      {
        size,
        productIds,
        popularity: Int32Array.from(this.popularity),
        inStock: Uint8Array.from(this.inStock),
        titleKeys: this.titleKeys.length > 0 ? `${this.titleKeys.join("\n")}\n` : "",
        keyOffsets,
        titleHeads,
        titleOrder,
        documentOfProduct,
        wholeTerms: this.wholeTerms,
        whole: invert(this.whole, this.wholeStarts, this.wholeTerms.size, null),
        prefixTerms,
        prefix: invert(this.prefix, this.prefixStarts, prefixTerms.length, rank),
        prefixByDocument: {
          starts: Int32Array.from(this.prefixStarts),
          terms: this.prefix.terms.slice(0, this.prefix.length).map((term) => rank[term]!),
          fields: this.prefix.fields.slice(0, this.prefix.length),
        },
      },
      null,
      [],
    );
  }
}

/** The first index of `sorted` whose term is not below `prefix`. */
function lowerBound(sorted: string[], prefix: string) {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first field (0 title, 1 authors, 2 series, 3 body) of a set of field bits; 4 for none. */
const FIRST_FIELD = Uint8Array.from({ length: 16 }, (_, bits) => (bits === 0 ? 4 : 31 - Math.clz32(bits & -bits)));

/**
 * How far into the fields a document must be read to find every word, and how many are there as themselves:
 * `level * 16 + exact`. "Every word is in the title" is level 0, "…in the title or the authors" 1, "…or the
 * series" 2, "somewhere" 3, no match 4: each word's first field, the furthest of them, whole or begun,
 * whichever goes less far (PostgreSQL's `document @@ … or prefixes @@ …`). A stop word has no whole form and
 * narrows nothing, as PostgreSQL leaves an empty query out of `&&`.
 */
function levelOf(bytes: ArrayLike<number>, stop: boolean[], wholeWords: number) {
  let whole = wholeWords > 0 ? 0 : 4;
  let begun = bytes.length > 0 ? 0 : 4;
  let exact = 0;
  for (let word = 0; word < bytes.length; word++) {
    const byte = bytes[word]!;
    if (!stop[word]) whole = Math.max(whole, FIRST_FIELD[byte & 0x0f]!);
    begun = Math.max(begun, FIRST_FIELD[(byte >>> PREFIX_SHIFT) & 0x07]!);
    if (byte & EXACT_BIT) exact++;
  }
  return Math.min(whole, begun) * EXACT_SLOTS + Math.min(exact, EXACT_SLOTS - 1);
}

/**
 * A document's bucket under the ranking rules of search-ranking.ts (higher first), from its level: the rule (its
 * code, its exact title, then the rule of the level its words are found at), stock and "the title begins with
 * the text" as its score, then the words there as themselves. -1 when the document does not match.
 */
function bucketOf(levelAndExact: number, code: boolean, titleIs: () => boolean, inStock: boolean, begins: () => boolean) {
  const level = levelAndExact >>> 4;
  if (level === 4 && !code) return -1;
  const rule = code ? SEARCH_RULE.code : titleIs() ? SEARCH_RULE.wholeTitle : FIELD_RULES[level]!;
  return scoreOf(rule, inStock, begins()) * EXACT_SLOTS + (levelAndExact & (EXACT_SLOTS - 1));
}

/** A word with this many times the rarest word's list entries is read for the rarest word's documents only. */
const SPARSE_FROM = 8;

/** Titles beginning with the text that the suggestions read before their walk, at most. */
const BEGINNINGS_READ_FIRST = 2_000;

/** Up to this many candidates (list entries of the rarest word), a query is ranked without a pass over the catalogue. */
const FEW_CANDIDATES = 20_000;

/** Below this many candidates, the suggestions rank every match rather than walk for the best. */
const BEST_BY_WALK_FROM = 50_000;

/** Bytes of rankings kept per instance: a results page asks for its list and its facets, then its next pages. */
const RANKINGS_KEPT_BYTES = 64 * 1024 * 1024;

export class SearchPostings {
  private readonly rankings = new LRUCache<string, Int32Array>({
    maxSize: RANKINGS_KEPT_BYTES,
    sizeCalculation: (ranking) => Math.max(ranking.byteLength, 1),
  });

  /** @internal built by SearchPostingsBuilder or withChanges */
  constructor(
    private readonly base: Base,
    /** Base documents changed or deleted since the build (1: leave out). */
    private readonly gone: Uint8Array | null,
    private readonly extra: ExtraDocument[],
  ) {}

  /** How many documents the lists answer for. */
  get size() {
    let gone = 0;
    if (this.gone) for (const flag of this.gone) gone += flag;
    return this.base.size - gone + this.extra.length;
  }

  /** Bytes held by the lists and columns (not the term maps). */
  memoryBytes() {
    const { base } = this;
    const lists = (l: Lists) => l.offsets.byteLength + l.documents.byteLength + l.fields.byteLength;
    const forward = base.prefixByDocument;
    return (
      lists(base.whole) +
      lists(base.prefix) +
      forward.starts.byteLength +
      forward.terms.byteLength +
      forward.fields.byteLength +
      base.productIds.byteLength +
      base.popularity.byteLength +
      base.inStock.byteLength +
      base.keyOffsets.byteLength +
      base.titleHeads.byteLength +
      base.titleOrder.byteLength +
      base.documentOfProduct.byteLength +
      base.titleKeys.length
    );
  }

  /**
   * These lists with the documents of `changedIds` replaced by `rows` (a changed product with no row has no
   * document any more). Null when more changed documents than MAX_EXTRA_DOCUMENTS would sit beside the
   * lists: the owner builds them again then.
   */
  withChanges(changedIds: number[], rows: SearchDocumentRow[]): SearchPostings | null {
    if (changedIds.length === 0) return this;
    const changed = new Set(changedIds);
    const extra = this.extra.filter((document) => !changed.has(document.productId));
    for (const row of rows) {
      const whole = new Map<string, number>();
      parseTsvector(row.document, (lexeme, fields) => whole.set(lexeme, (whole.get(lexeme) ?? 0) | fields));
      const prefix = new Map<string, number>();
      parseTsvector(row.prefixes, (lexeme, fields) => prefix.set(lexeme, (prefix.get(lexeme) ?? 0) | fields));
      extra.push({
        productId: row.productId,
        popularity: row.popularity,
        inStock: row.inStock,
        titleKey: row.titleKey,
        whole,
        prefix: [...prefix],
      });
    }
    if (extra.length > MAX_EXTRA_DOCUMENTS) return null;
    const { documentOfProduct } = this.base;
    const gone = this.gone ? this.gone.slice() : new Uint8Array(this.base.size);
    for (const id of changed) {
      const document = id < documentOfProduct.length ? documentOfProduct[id]! : -1;
      if (document >= 0) gone[document] = 1;
    }
    return new SearchPostings(this.base, gone, extra);
  }

  /**
   * Where a word's entries are: its forms' terms (-1 for a lexeme the lists lack) and its prefixes' ranges
   * of sorted terms, and how many list entries they hold (the rarer the word, the fewer).
   */
  private planWord(word: PostingsWord) {
    const { whole, prefix, prefixTerms, wholeTerms } = this.base;
    const forms = word.forms.map((form, index) => ({
      terms: form.map((lexeme) => wholeTerms.get(lexeme) ?? -1),
      own: index === 0 ? EXACT_BIT : 0,
    }));
    const lows: number[] = [];
    const highs: number[] = [];
    let entries = 0;
    for (const form of forms) {
      if (form.terms.length === 0) continue;
      if (form.terms.length > 1) entries += this.base.size;
      else if (form.terms[0]! >= 0) entries += whole.offsets[form.terms[0]! + 1]! - whole.offsets[form.terms[0]!]!;
    }
    for (const start of new Set(word.prefixes)) {
      const low = lowerBound(prefixTerms, start);
      let high = low;
      while (high < prefixTerms.length && prefixTerms[high]!.startsWith(start)) high++;
      lows.push(low);
      highs.push(high);
      entries += prefix.offsets[high]! - prefix.offsets[low]!;
    }
    // The forms of one lexeme the lists hold, as flat arrays for wordByteAt's loop.
    const single = forms.filter((form) => form.terms.length === 1 && form.terms[0]! >= 0);
    const singleTerms = Int32Array.from(single, (form) => form.terms[0]!);
    const singleOwn = Uint8Array.from(single, (form) => form.own);
    return { word, forms, entries, singleTerms, singleOwn, lows: Int32Array.from(lows), highs: Int32Array.from(highs) };
  }

  /** A word's byte for every base document: its whole-word fields, begun fields and whether its own form is there. */
  private wordBytes(plan: ReturnType<SearchPostings["planWord"]>): Uint8Array {
    const { base } = this;
    const bytes = new Uint8Array(base.size);
    for (const form of plan.forms) {
      if (form.terms.length === 0) continue;
      if (form.terms.length === 1) {
        // A form of one lexeme (any word of letters and digits): its list, written straight in.
        const term = form.terms[0]!;
        if (term < 0) continue;
        const { offsets, documents, fields } = base.whole;
        for (let at = offsets[term]!, end = offsets[term + 1]!; at < end; at++) bytes[documents[at]!]! |= fields[at]! | form.own;
        continue;
      }
      const matched = this.formFields(plan.word.forms[plan.forms.indexOf(form)]!);
      for (let document = 0; document < base.size; document++) {
        const fields = matched[document]!;
        if (fields !== 0) bytes[document]! |= fields | form.own;
      }
    }
    const { prefix } = base;
    for (let range = 0; range < plan.lows.length; range++) {
      for (let at = prefix.offsets[plan.lows[range]!]!, end = prefix.offsets[plan.highs[range]!]!; at < end; at++) {
        bytes[prefix.documents[at]!]! |= prefix.fields[at]! << PREFIX_SHIFT;
      }
    }
    return bytes;
  }

  /**
   * One document's byte for a word (as wordBytes makes it), read from the lists without a pass over them: a
   * binary search in each form's list, the document's own terms for the prefixes. For a common word beside
   * a rare one, whose few candidates are all that is asked about. Forms of one lexeme only.
   */
  private wordByteAt(plan: ReturnType<SearchPostings["planWord"]>, document: number): number {
    const { whole, prefixByDocument } = this.base;
    const { singleTerms, singleOwn, lows, highs } = plan;
    let byte = 0;
    for (let form = 0; form < singleTerms.length; form++) {
      const term = singleTerms[form]!;
      const end = whole.offsets[term + 1]!;
      let low = whole.offsets[term]!;
      let high = end;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (whole.documents[middle]! < document) low = middle + 1;
        else high = middle;
      }
      if (low < end && whole.documents[low] === document) byte |= whole.fields[low]! | singleOwn[form]!;
    }
    const { terms, fields } = prefixByDocument;
    for (let at = prefixByDocument.starts[document]!, end = prefixByDocument.starts[document + 1]!; at < end; at++) {
      const term = terms[at]!;
      for (let range = 0; range < lows.length; range++) {
        if (term >= lows[range]! && term < highs[range]!) byte |= fields[at]! << PREFIX_SHIFT;
      }
    }
    return byte;
  }

  /** The fields of each base document holding every lexeme of a form (0: not all of them). */
  private formFields(form: string[]): Uint8Array {
    const { base } = this;
    let result: Uint8Array | null = null;
    for (const lexeme of form) {
      const fields = new Uint8Array(base.size);
      const term = base.wholeTerms.get(lexeme);
      if (term !== undefined) {
        const { offsets, documents, fields: listFields } = base.whole;
        for (let at = offsets[term]!, end = offsets[term + 1]!; at < end; at++) fields[documents[at]!] = listFields[at]!;
      }
      if (result === null) result = fields;
      else
        for (let document = 0; document < base.size; document++)
          result[document] = result[document]! && fields[document]! ? result[document]! | fields[document]! : 0;
    }
    return result ?? new Uint8Array(base.size);
  }

  /** The word bytes of a changed document, as wordBytes makes them for a base one. */
  private extraBytes(document: ExtraDocument, words: PostingsWord[]): Uint8Array {
    const bytes = new Uint8Array(words.length);
    words.forEach((word, index) => {
      let byte = 0;
      for (const form of word.forms) {
        if (form.length === 0) continue;
        let fields = 0;
        for (const lexeme of form) {
          const found = document.whole.get(lexeme) ?? 0;
          fields = found === 0 ? 0 : fields | found;
          if (found === 0) break;
        }
        if (fields !== 0) byte |= fields | (form === word.forms[0] ? EXACT_BIT : 0);
      }
      for (const [term, fields] of document.prefix) {
        if (word.prefixes.some((start) => term.startsWith(start))) byte |= fields << PREFIX_SHIFT;
      }
      bytes[index] = byte;
    });
    return bytes;
  }

  /**
   * Every product the query finds, best first: by the ranking rules, then popularity, then product id, as
   * search.repository.ts's findRankedIds orders them. Kept for repeated queries; not to be changed.
   */
  rank(query: PostingsQuery, fewUpTo = FEW_CANDIDATES): Int32Array {
    const key = JSON.stringify(query);
    const ranking = this.rankings.get(key);
    return ranking ?? this.ranked(key, this.prepare(query, fewUpTo));
  }

  /** The whole ranking of a prepared query, kept under `key`. */
  private ranked(key: string, prepared: ReturnType<SearchPostings["prepare"]>): Int32Array {
    const ranking = prepared.sparse ? this.rankFew(prepared) : this.rankAll(prepared);
    this.rankings.set(key, ranking);
    return ranking;
  }

  /**
   * Every match of a query with few candidates, best first, without a pass over the whole catalogue: the
   * rarest word's documents gathered from its lists, each scored word by word (wordByteAt), then sorted.
   */
  private rankFew(prepared: ReturnType<SearchPostings["prepare"]>): Int32Array {
    const { whole, prefix } = this.base;
    const plan = prepared.rarestPlan;
    const gathered: number[] = [...prepared.codeDocuments];
    if (plan) {
      for (const term of plan.singleTerms) {
        for (let at = whole.offsets[term]!, end = whole.offsets[term + 1]!; at < end; at++) gathered.push(whole.documents[at]!);
      }
      for (let range = 0; range < plan.lows.length; range++) {
        for (let at = prefix.offsets[plan.lows[range]!]!, end = prefix.offsets[plan.highs[range]!]!; at < end; at++)
          gathered.push(prefix.documents[at]!);
      }
    }
    const documents = Int32Array.from(gathered).sort();
    const found: { document: number; bucket: number }[] = [];
    for (let index = 0; index < documents.length; index++) {
      const document = documents[index]!;
      if (index > 0 && documents[index - 1] === document) continue;
      const bucket = prepared.bucketAt(document);
      if (bucket >= 0) found.push({ document, bucket });
    }
    found.sort((a, b) => b.bucket - a.bucket || a.document - b.document);
    const buckets = new Map(found.map((entry) => [entry.document, entry.bucket]));
    return this.mergeChanged(
      prepared,
      found.map((entry) => entry.document),
      (document) => buckets.get(document)!,
    );
  }

  /**
   * The first `limit` products of `rank(query)`, without ranking every match: what the suggestions need at
   * each keystroke. Codes and exact titles first, then the documents holding the rarest word in their title
   * in popularity order, until `limit` of them score the best any such document can; anything else (too few
   * of them) ranks everything.
   */
  best(query: PostingsQuery, limit: number, walkFrom = BEST_BY_WALK_FROM): Int32Array {
    const key = JSON.stringify(query);
    const cached = this.rankings.get(key);
    if (cached) return cached.subarray(0, limit);
    // The walk reads the word bytes of every document: prepared for it unless the candidates are few.
    const prepared = this.prepare(query, walkFrom === 0 ? -1 : FEW_CANDIDATES);
    // Few candidates: ranking them all costs less than walking for the best.
    if (prepared.sparse || prepared.candidates < walkFrom) return this.ranked(key, prepared).subarray(0, limit);
    const { base } = this;
    const found: { document: number; bucket: number }[] = [];
    const seen = new Set<number>();
    const consider = (document: number) => {
      if (seen.has(document)) return;
      seen.add(document);
      const bucket = prepared.bucketAt(document);
      if (bucket >= 0) found.push({ document, bucket });
    };
    // The code and whole-title rules, wherever they are: the codes' products, and the titles that are the text.
    for (const document of prepared.codeDocuments) consider(document);
    for (const key of query.titleKeys) for (const document of this.documentsTitled(key)) consider(document);
    // The titles that begin with the text, when few: then no other title can gain the point for it.
    const beginning = query.textKey === "" ? null : this.documentsBeginning(query.textKey, BEGINNINGS_READ_FIRST);
    if (beginning) for (const document of beginning) consider(document);
    // "Every word in the title" at best, in popularity order: the highest bucket such a document can reach ends
    // the walk once `limit` documents have reached it.
    const ceiling = scoreOf(SEARCH_RULE.inTitle, true, !beginning) * EXACT_SLOTS + Math.min(prepared.wholeWordsPresent, EXACT_SLOTS - 1);
    const byRank = (a: { document: number; bucket: number }, b: { document: number; bucket: number }) =>
      b.bucket - a.bucket || a.document - b.document;
    const { needed } = prepared;
    const inTitle = FIELD_TITLE | (FIELD_TITLE << PREFIX_SHIFT);
    let complete = false;
    let reached = found.filter((entry) => entry.bucket >= ceiling).length;
    for (let document = 0; document < base.size; document++) {
      if ((needed[document]! & inTitle) === 0) continue;
      const before = found.length;
      consider(document);
      if (found.length > before && found.at(-1)!.bucket >= ceiling) reached++;
      if (reached >= limit) {
        complete = true;
        break;
      }
    }
    // Every title document seen: enough in the title rule or better, or the lower rules matter and all must rank.
    if (!complete)
      complete = found.filter((entry) => entry.bucket >= scoreOf(SEARCH_RULE.inTitle, false, false) * EXACT_SLOTS).length >= limit;
    if (!complete) return this.ranked(key, prepared).subarray(0, limit);
    found.sort(byRank);
    return this.mergeChanged(
      prepared,
      found.slice(0, limit).map((entry) => entry.document),
      (document) => found.find((entry) => entry.document === document)!.bucket,
    ).subarray(0, limit);
  }

  /** Where the title keys from `low` (inclusive) to `high` (exclusive) are in title order. */
  private titleRange(low: string, high: string): [number, number] {
    const { titleOrder, titleKeys, keyOffsets } = this.base;
    const keyAt = (index: number) => {
      const document = titleOrder[index]!;
      return titleKeys.slice(keyOffsets[document]!, keyOffsets[document + 1]! - 1);
    };
    const bound = (key: string) => {
      let from = 0;
      let to = titleOrder.length;
      while (from < to) {
        const middle = (from + to) >>> 1;
        if (keyAt(middle) < key) from = middle + 1;
        else to = middle;
      }
      return from;
    };
    return [bound(low), bound(high)];
  }

  /** The base documents whose title key is `key`. */
  private documentsTitled(key: string): Int32Array {
    const [from, to] = this.titleRange(key, `${key}\u0000`);
    return this.base.titleOrder.subarray(from, to);
  }

  /** The base documents whose title key begins with `key`, when there are at most `most`; else null. */
  private documentsBeginning(key: string, most: number): Int32Array | null {
    const [from, to] = this.titleRange(key, `${key}\uffff`);
    return to - from <= most ? this.base.titleOrder.subarray(from, to) : null;
  }

  /** What scoring a query needs: its word bytes, which documents can match, and a document's bucket. */
  private prepare(query: PostingsQuery, fewUpTo = FEW_CANDIDATES) {
    const { base, gone } = this;
    const plans = query.words.map((word) => this.planWord(word));
    const stop = query.words.map((word) => word.forms.every((form) => form.length === 0));
    const wholeWords = stop.filter((isStop) => !isStop).length;
    // A document the words find holds every word that is not a stop word (every word, if all are), whole
    // or begun: the rarest of them decides which documents are worth scoring.
    let rarest = -1;
    for (let index = 0; index < plans.length; index++) {
      if (wholeWords > 0 && stop[index]) continue;
      if (rarest < 0 || plans[index]!.entries < plans[rarest]!.entries) rarest = index;
    }
    /** List entries of the rarest word: about how many documents may match. */
    const candidates = rarest < 0 ? 0 : plans[rarest]!.entries;
    // A word with many more entries than that is read document by document for the candidates alone
    // (null here); the rest, the rarest among them, are written out for every document.
    // With few candidates (and forms of one lexeme only), every word is read that way: no pass over the catalogue.
    const sparse = candidates <= fewUpTo && plans.every((plan) => plan.forms.every((form) => form.terms.length <= 1));
    const words = plans.map((plan, index) =>
      !sparse &&
      (index === rarest || plan.entries <= SPARSE_FROM * Math.max(candidates, 1) || plan.forms.some((form) => form.terms.length > 1))
        ? this.wordBytes(plan)
        : null,
    );
    const needed = sparse || rarest < 0 ? new Uint8Array(0) : words[rarest]!;
    const rarestPlan = rarest < 0 ? null : plans[rarest]!;
    const codes = new Set(query.codeProductIds);
    const codeDocuments: number[] = [];
    for (const productId of codes) {
      const document = productId < base.documentOfProduct.length ? base.documentOfProduct[productId]! : -1;
      if (document >= 0) codeDocuments.push(document);
    }
    const { titleKeys, keyOffsets, titleHeads, productIds, inStock } = base;
    const { textKey } = query;
    const firstChar = textKey.charCodeAt(0);
    const wordCount = words.length;

    /** A base document's bucket under the ranking rules; -1 when it does not match or is gone. */
    const bytes = new Uint8Array(wordCount);
    let document = 0;
    const titleIs = () => {
      const head = titleHeads[document]!;
      for (const key of query.titleKeys) {
        if (key.length === head >>> 16 && key.charCodeAt(0) === (head & 0xffff) && titleKeys.startsWith(key, keyOffsets[document]!))
          return true;
      }
      return false;
    };
    // The title's length and first letter first: most titles are ruled out without reading them.
    const begins = () => {
      const head = titleHeads[document]!;
      if (textKey.length === 0) return true;
      return textKey.length <= head >>> 16 && (head & 0xffff) === firstChar && titleKeys.startsWith(textKey, keyOffsets[document]!);
    };
    const bucketAt = (at: number) => {
      if (gone !== null && gone[at] === 1) return -1;
      document = at;
      for (let word = 0; word < wordCount; word++) {
        const dense = words[word];
        bytes[word] = dense ? dense[at]! : this.wordByteAt(plans[word]!, at);
      }
      const code = codes.size > 0 && codes.has(productIds[at]!);
      return bucketOf(levelOf(bytes, stop, wholeWords), code, titleIs, inStock[at] === 1, begins);
    };

    // Changed documents, each scored the same way, in the ranking's order.
    const extra: { productId: number; popularity: number; bucket: number }[] = [];
    for (const changed of this.extra) {
      const bucket = bucketOf(
        levelOf(this.extraBytes(changed, query.words), stop, wholeWords),
        codes.has(changed.productId),
        () => query.titleKeys.includes(changed.titleKey),
        changed.inStock,
        () => changed.titleKey.startsWith(textKey),
      );
      if (bucket >= 0) extra.push({ productId: changed.productId, popularity: changed.popularity, bucket });
    }
    extra.sort((a, b) => b.bucket - a.bucket || b.popularity - a.popularity || a.productId - b.productId);

    // How many words have their own form somewhere in the lists: the most "there as themselves" can reach.
    const wholeWordsPresent = query.words.filter(
      (word) => word.forms[0]!.length > 0 && word.forms[0]!.every((lexeme) => base.wholeTerms.has(lexeme)),
    ).length;
    return { needed, sparse, rarestPlan, candidates, codeDocuments, bucketAt, extra, wholeWordsPresent };
  }

  /** Every match, best first: the candidates' buckets, then a counting sort that keeps popularity order within one. */
  private rankAll(prepared: ReturnType<SearchPostings["prepare"]>): Int32Array {
    const { base } = this;
    const { needed, bucketAt } = prepared;
    const buckets = new Uint16Array(base.size);
    const counts = new Int32Array(BUCKETS + 1);
    const score = (document: number) => {
      const bucket = bucketAt(document);
      if (bucket < 0) return;
      buckets[document] = bucket + 1;
      counts[bucket + 1]!++;
    };
    for (let document = 0; document < base.size; document++) if (needed[document] !== 0) score(document);
    // A product whose code the text is, whatever its words.
    for (const document of prepared.codeDocuments) if (needed[document] === 0) score(document);

    const starts = new Int32Array(BUCKETS + 1);
    let total = 0;
    for (let bucket = BUCKETS; bucket >= 1; bucket--) {
      starts[bucket] = total;
      total += counts[bucket]!;
    }
    const ranked = new Int32Array(total);
    for (let document = 0; document < base.size; document++) {
      const bucket = buckets[document]!;
      if (bucket !== 0) ranked[starts[bucket]!++] = document;
    }
    return this.mergeChanged(prepared, ranked, (document) => buckets[document]! - 1);
  }

  /**
   * Ranked base documents as product ids, with the changed documents merged in: higher bucket, then more
   * popular, then lower product id first.
   */
  private mergeChanged(
    prepared: { extra: { productId: number; popularity: number; bucket: number }[] },
    ranked: ArrayLike<number>,
    bucketOfDocument: (document: number) => number,
  ): Int32Array {
    const { base } = this;
    const { extra } = prepared;
    const merged = new Int32Array(ranked.length + extra.length);
    let at = 0;
    let next = 0;
    for (let index = 0; index < ranked.length; index++) {
      const document = ranked[index]!;
      const productId = base.productIds[document]!;
      if (next < extra.length) {
        const bucket = bucketOfDocument(document);
        const popularity = base.popularity[document]!;
        while (next < extra.length) {
          const candidate = extra[next]!;
          const before =
            candidate.bucket > bucket ||
            (candidate.bucket === bucket &&
              (candidate.popularity > popularity || (candidate.popularity === popularity && candidate.productId < productId)));
          if (!before) break;
          merged[at++] = candidate.productId;
          next++;
        }
      }
      merged[at++] = productId;
    }
    while (next < extra.length) merged[at++] = extra[next++]!.productId;
    return merged;
  }
}
