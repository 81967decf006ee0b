import { sql, type SQL } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "../catalog.tables";
import { stores } from "../../stores/stores.tables";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search index (decision 035): one document per published product, what search and autocomplete read.
 * Written only by the search-index job (search-index.ts) from the catalogue's rows, never in a request; a
 * product is queued for it (search_index_pending) by the transaction that changed it.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** The title folded for an exact-title comparison: lower case, punctuation as single spaces (searchKey). */
    titleKey: text().notNull(),
    /** The product's authors (its "author" attribute values), as the byline shows them. */
    authors: text().notNull().default(""),
    series: text().notNull().default(""),
    /** Subtitle and description. */
    body: text().notNull().default(""),
    /** Every variant's SKU (upper case) and ISBN (digits only): what a code lookup matches exactly. */
    codes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean().notNull(),
    popularity: integer().notNull().default(0),
    /**
     * Ranked full text: title A, authors B, series C, subtitle and description D. ts_filter on the weights
     * tells in which field a query matched (the ranking rules, search-ranking.ts).
     */
    document: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english'::regconfig, ${searchDocuments.title}), 'A') || setweight(to_tsvector('english'::regconfig, ${searchDocuments.authors}), 'B') || setweight(to_tsvector('english'::regconfig, ${searchDocuments.series}), 'C') || setweight(to_tsvector('english'::regconfig, ${searchDocuments.body}), 'D')`,
    ),
    /**
     * Title A, authors B and series C word for word, not stemmed: what as-you-type prefix matching reads, with
     * the same weights as `document` so a word still being typed ranks by its field too.
     */
    prefixes: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, ${searchDocuments.title}), 'A') || setweight(to_tsvector('simple'::regconfig, ${searchDocuments.authors}), 'B') || setweight(to_tsvector('simple'::regconfig, ${searchDocuments.series}), 'C')`,
    ),
    indexedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("search_documents_document_idx").using("gin", t.document),
    index("search_documents_prefixes_idx").using("gin", t.prefixes),
    index("search_documents_codes_idx").using("gin", t.codes),
    index("search_documents_store_popularity_idx").on(t.storeId, t.popularity.desc(), t.productId),
    // The exact-title rule: a whole title is found by key, however many documents share its words.
    index("search_documents_store_title_key_idx").on(t.storeId, t.titleKey),
  ],
);

/**
 * Products whose document is to be written again, queued by the catalogue's and inventory's transactions and
 * taken by the search-index job. A product queued twice is one row.
 */
export const searchIndexPending = pgTable(
  "search_index_pending",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_index_pending_store_idx").on(t.storeId, t.productId)],
);

/**
 * The words of a store's titles, authors, series and descriptions, and in how many documents each is: the vocabulary a
 * misspelt word is corrected against ("did you mean", typo tolerance). Trigram-indexed.
 */
export const searchWords = pgTable(
  "search_words",
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    word: text().notNull(),
    documents: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.word] }), index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
