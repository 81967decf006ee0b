import { describe, expect, it } from "vitest";
import {
  FIELD_AUTHORS,
  FIELD_BODY,
  FIELD_SERIES,
  FIELD_TITLE,
  MAX_EXTRA_DOCUMENTS,
  parseTsvector,
  SearchPostingsBuilder,
  type PostingsQuery,
  type SearchDocumentRow,
} from "./search-postings";
import { createSeededRandom } from "../../../seed/seeded-random";

// The in-memory lists alone, on hand-written vectors. That they rank as PostgreSQL does over real documents
// is held by search.test.ts and catalog-index.test.ts, which run every search both ways.

const parsed = (text: string) => {
  const found: [string, number][] = [];
  parseTsvector(text, (lexeme, fields) => found.push([lexeme, fields]));
  return found;
};

describe("parseTsvector", () => {
  it("reads each lexeme with the fields its positions' weights name, D when unmarked", () => {
    expect(parsed("'carol':2A 'christma':1A,7 'dicken':3B,9C")).toEqual([
      ["carol", FIELD_TITLE],
      ["christma", FIELD_TITLE | FIELD_BODY],
      ["dicken", FIELD_AUTHORS | FIELD_SERIES],
    ]);
  });

  it("reads quotes and backslashes as PostgreSQL escapes them, and a lexeme without positions as D", () => {
    expect(parsed("'it''s':1A 'back\\\\slash' 'x'")).toEqual([
      ["it's", FIELD_TITLE],
      ["back\\slash", FIELD_BODY],
      ["x", FIELD_BODY],
    ]);
    expect(parsed("")).toEqual([]);
  });
});

/** A document; `document` and `prefixes` as tsvector text. */
const doc = (
  productId: number,
  popularity: number,
  titleKey: string,
  document: string,
  prefixes: string,
  inStock = true,
): SearchDocumentRow => ({
  productId,
  popularity,
  inStock,
  titleKey,
  document,
  prefixes,
});

/** A query of plain words: each its own (already stemmed) lexeme and its own prefix. */
const query = (text: string, extra: Partial<PostingsQuery> = {}): PostingsQuery => {
  const words = text.split(" ").filter(Boolean);
  return {
    words: words.map((word) => ({ forms: [[word]], prefixes: [word] })),
    titleKeys: [text],
    textKey: text,
    codeProductIds: [],
    ...extra,
  };
};

// Most popular first, as the loader gives them.
const rows = [
  doc(5, 95, "northern lightning", "'northern':1A 'lightn':2A", "'northern':1A 'lightning':2A"),
  doc(1, 90, "winter light", "'light':2A 'winter':1A 'harbour':3D", "'light':2A 'winter':1A"),
  doc(2, 80, "light", "'light':1A", "'light':1A", false),
  doc(3, 70, "salt and stone", "'salt':1A 'stone':3A 'light':5B", "'and':2A 'salt':1A 'stone':3A 'light':5B"),
  doc(4, 60, "harbour tales", "'harbour':1A 'tale':2A 'lighthous':6D", "'harbour':1A 'tales':2A"),
  doc(6, 40, "the quiet", "'quiet':2A 'winter':4C", "'the':1A 'quiet':2A 'winter':4C"),
];
const build = (documents: SearchDocumentRow[] = rows) => {
  const builder = new SearchPostingsBuilder();
  for (const row of documents) builder.add(row);
  return builder.build();
};

describe("SearchPostings.rank", () => {
  const lists = build();

  it("ranks by rule, then stock and a title that begins with the text, then whole words, then popularity", () => {
    // 2: the exact title, out of stock; 1: a whole title word; 5: a title word begun ("lightning"), though it
    // sells more; 3: in the authors; 4: "lighthous" is not "light", and descriptions are never begun.
    expect(Array.from(lists.rank(query("light")))).toEqual([2, 1, 5, 3]);
    // All begun in the title: in stock first (5 and 1, by popularity), then 2, whose title begins with the text.
    expect(Array.from(lists.rank(query("lig")))).toEqual([5, 1, 2, 3]);
  });

  it("needs every word, each in any field of a rule's fields", () => {
    // "winter" is only in 6's series: every word in the title, authors or series (rule 2). 1 has no "quiet".
    expect(Array.from(lists.rank(query("quiet winter")))).toEqual([6]);
    expect(Array.from(lists.rank(query("salt light")))).toEqual([3]);
    expect(Array.from(lists.rank(query("salt nothing")))).toEqual([]);
  });

  it("leaves a stop word (no lexeme) out of whole-word matching but not out of begun words", () => {
    const the = { forms: [[]], prefixes: ["the"] };
    const quiet = { forms: [["quiet"]], prefixes: ["quiet"] };
    expect(Array.from(lists.rank({ ...query("the quiet"), words: [the, quiet] }))).toEqual([6]);
    // A query of stop words alone finds by beginnings only.
    expect(Array.from(lists.rank({ ...query("the"), words: [the] }))).toEqual([6]);
  });

  it("finds a product by its code first, whatever its words", () => {
    expect(Array.from(lists.rank({ ...query("xyz-1"), codeProductIds: [4] }))).toEqual([4]);
  });

  it("finds through a correction, in the title or anywhere", () => {
    const harbor = { forms: [["harbor"], ["harbour"]], prefixes: ["harbor", "harbour"] };
    expect(Array.from(lists.rank({ ...query("harbor"), words: [harbor], titleKeys: ["harbor", "harbour"] }))).toEqual([4, 1]);
  });

  it("follows changes: a changed document leaves its old place and ranks by its new state", () => {
    const changed = lists.withChanges(
      [2, 6, 7],
      [doc(6, 95, "light years", "'light':1A 'year':2A", "'light':1A 'years':2A"), doc(7, 10, "light", "'light':1A", "'light':1A")],
    )!;
    // 2 is gone; 6 is a title word and most popular; 7 is the exact title and in stock.
    expect(Array.from(changed.rank(query("light")))).toEqual([7, 6, 1, 5, 3]);
    expect(changed.size).toBe(6);
    // The lists it came from are unchanged.
    expect(Array.from(lists.rank(query("light")))).toEqual([2, 1, 5, 3]);
    // A change on top of a change replaces the first.
    expect(Array.from(changed.withChanges([7], [])!.rank(query("light")))).toEqual([6, 1, 5, 3]);
  });

  it("asks to be built again past MAX_EXTRA_DOCUMENTS changed documents", () => {
    const many = Array.from({ length: MAX_EXTRA_DOCUMENTS + 1 }, (_, at) => doc(100 + at, 1, "x", "'x':1A", "'x':1A"));
    expect(
      lists.withChanges(
        many.map((row) => row.productId),
        many,
      ),
    ).toBeNull();
  });
});

describe("SearchPostings.best", () => {
  // A generated catalogue where many titles share words, so the walk has to decide where to stop.
  const random = createSeededRandom(0x5ea7c4);
  const vocabulary = ["love", "lost", "loud", "light", "lamp", "winter", "wind", "salt", "stone", "the", "sea", "song"];
  const vector = (words: string[], weight: string) => words.map((word, at) => `'${word}':${at + 1}${weight}`).join(" ");
  const generated = (productId: number, popularity: number): SearchDocumentRow => {
    // "lantern" is rare: beside it, a common word is read document by document (wordByteAt).
    const title = [...random.sample(vocabulary, random.int(1, 3)), ...(random.chance(0.03) ? ["lantern"] : [])];
    const authors = random.sample(vocabulary, random.int(0, 2));
    // "ember" is only ever in descriptions (never begun): beside "lantern", matched by its list alone.
    const body = [...random.sample(vocabulary, random.int(0, 4)), ...(random.chance(0.5) ? ["ember"] : [])];
    // Each word once per document: the field it is first in, as a tsvector's text gives it.
    const fieldOf = new Map<string, string>();
    for (const [words, weight] of [
      [title, "A"],
      [authors, "B"],
      [body, ""],
    ] as const) {
      for (const word of words) if (!fieldOf.has(word)) fieldOf.set(word, weight);
    }
    const document = [...fieldOf].map(([word, weight], at) => `'${word}':${at + 1}${weight}`).join(" ");
    return doc(productId, popularity, title.join(" "), document, vector([...new Set([...title, ...authors])], "A"), random.chance(0.7));
  };
  const documents = Array.from({ length: 3000 }, (_, at) => generated(at + 1, 3000 - Math.floor(at / 3)));
  const lists = build(documents);
  const changed = lists.withChanges([5, 17, 3001, 3002], [generated(5, 5000), generated(3001, 1), generated(3002, 2999)])!;
  const texts = ["l", "lo", "love", "love song", "the", "the sea", "winter light", "s", "salt stone sea", "lamp", "nothing", "xyz"];
  texts.push(
    "lantern",
    "lant",
    "lantern love",
    "love lantern",
    "winter lantern",
    "the lantern s",
    "l lantern",
    "xyz lantern",
    "sea lantern w",
  );
  const asked = (text: string): PostingsQuery => ({
    ...query(text),
    words: text.split(" ").map((word) => ({ forms: [[...vocabulary, "lantern", "ember"].includes(word) ? [word] : []], prefixes: [word] })),
  });

  // The same documents held as changed documents are read by other code (word by word, from maps): the
  // lists, read densely or candidate by candidate, must rank as that does.
  it("ranks from the lists as from documents read one by one", () => {
    const oneByOne = build([]).withChanges(
      documents.map((row) => row.productId),
      documents,
    )!;
    for (const text of texts) {
      const expected = Array.from(oneByOne.rank(asked(text)));
      // From few candidates (gathered from the rarest word's lists), and by passes over every document.
      expect(Array.from(lists.rank(asked(text))), text).toEqual(expected);
      expect(Array.from(lists.withChanges([-1], [])!.rank(asked(text), 0)), text).toEqual(expected);
    }
  });

  // Walking from any number of candidates (the API ranks everything below BEST_BY_WALK_FROM).
  it("answers the first products of the whole ranking, with and without changed documents", () => {
    for (const postings of [lists, changed]) {
      for (const text of texts) {
        for (const limit of [1, 6, 40]) {
          // Each ask on a fresh instance, so neither answer comes from the other's cache.
          const fresh = () => postings.withChanges([-1], [])!;
          expect(Array.from(fresh().best(asked(text), limit, 0)), `${text} ${limit}`).toEqual(
            Array.from(fresh().rank(asked(text)).subarray(0, limit)),
          );
        }
      }
    }
  });
});
