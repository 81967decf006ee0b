import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attributes, attributeValues, productAttributeValues, products } from "./catalog.tables";
import type { ProductSearch, ProductSearchMatch } from "./product-search";

/*
 * Product search on PostgreSQL: full text over products.search (a tsvector generated from
 * products.search_text) plus a trigram-indexed partial match on the name. What search_text holds is
 * decided here too, so the document and the query that reads it change together.
 */

/** Words of a search for the partial-word match; bounded so one request cannot build a huge query. */
const MAX_SEARCH_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const tsQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/** Full text for whole words in name, subtitle, authors and description; partial words in the name. */
export const postgresProductSearch: ProductSearch = {
  async match({ text }): Promise<ProductSearchMatch> {
    const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    return {
      text,
      condition() {
        // Each partial word somewhere in the name ("harr pott"); the ILIKE walks products_name_trgm_idx.
        const partial = sql.join(
          words.map((word) => sql`p.name ilike ${`%${escapeLike(word)}%`}`),
          sql` and `,
        );
        return sql`(p.search @@ ${tsQuery(text)} or (${partial}))`;
      },
      relevance() {
        return sql`ts_rank_cd(p.search, ${tsQuery(text)}) desc, word_similarity(${text}, p.name) desc`;
      },
    };
  },
};

/**
 * The search text of a product from its parts, as SQL: name, subtitle, byline (the labels of its "author"
 * attribute values) and description, blanks left out. `attributeValueIds` is an int[] of the product's
 * attribute values, so a product can be given its text in the statement that inserts it.
 */
export function searchTextOf(product: { name: SQL; subtitle: SQL; description: SQL; attributeValueIds: SQL }): SQL {
  const byline = sql`(select string_agg(av.label, ', ' order by av.position, av.label)
    from ${attributeValues} av join ${attributes} a on a.id = av.attribute_id
    where av.id = any(${product.attributeValueIds}) and a.code = 'author')`;
  return sql`concat_ws(' ', nullif(${product.name}, ''), nullif(${product.subtitle}, ''), ${byline},
    nullif(${product.description}, ''))`;
}

/**
 * Recomputes the search text of these products from their rows, in one statement. Rows whose text is
 * already right are left alone, so a write that changed nothing searchable costs no tuple.
 */
export async function refreshSearchText(db: Db, productIds: number[]) {
  if (productIds.length === 0) return;
  const text = searchTextOf({
    name: sql`s.name`,
    subtitle: sql`s.subtitle`,
    description: sql`s.description`,
    attributeValueIds: sql`array(select pav.attribute_value_id from ${productAttributeValues} pav where pav.product_id = s.id)`,
  });
  await db.execute(sql`
    update ${products} p set search_text = d.text
    from (select s.id, ${text} as text from ${products} s where s.id = any(${sql.param(productIds)}::int[])) d
    where p.id = d.id and p.search_text is distinct from d.text`);
}
