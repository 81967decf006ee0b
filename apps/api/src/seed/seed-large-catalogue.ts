import type { Db } from "../db/client";
import { createProducts } from "../modules/catalog/catalog-writes";
import { toProductInput } from "./book-input";
import { authorPool, finishDraft, generateBook, MAX_AUTHORS, type BookDraft } from "./demo-books";
import { addAttributeValues, findHighestProductNumber, loadCatalogueRefs } from "./seed.repository";
import { createSeededRandom, seedFor } from "./seeded-random";

/** Large-catalogue books are numbered from here: SKUs QB-1000001-HB..., seven digits where demo books have six. */
const FIRST_NUMBER = 1_000_000;
const NUMBER_DIGITS = 7;
const LARGE_SEED = 0x1a76e;
/** Products per transaction: large enough to amortise round trips, small enough to keep each statement a few MB. */
export const BULK_BATCH_SIZE = 2000;

/**
 * Book `index` (1-based) of the large catalogue, given the full author pool (every invented author, about
 * one per 40 books at 100,000). It depends on its index alone, so topping a catalogue up adds books
 * without changing the ones already there, and a run of N books always writes the same N.
 */
export function generateLargeCatalogueBook(index: number, authors: { code: string; name: string }[]): BookDraft {
  const book = generateBook(FIRST_NUMBER + index, createSeededRandom(seedFor(LARGE_SEED, index)), authors);
  return finishDraft(book, `${book.slugBase}-${FIRST_NUMBER + index}`);
}

/**
 * Tops the store's large catalogue up to `target` books, in batches that each commit whole (so an
 * interrupted run resumes where it stopped). Books spread over the demo shop's leaf categories and
 * attribute values, so filters and facets behave as on a real shop. Returns how many books it added.
 */
export async function seedLargeCatalogue(
  db: Db,
  storeId: number,
  target: number,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const existing = Math.max(0, (await findHighestProductNumber(db, storeId, NUMBER_DIGITS)) - FIRST_NUMBER);
  if (existing >= target) return 0;
  const refs = await loadCatalogueRefs(db, storeId);
  const authorAttributeId = refs.attributeIds.get("author");
  if (authorAttributeId === undefined) throw new Error("The demo store has no author attribute");
  const authors = authorPool(MAX_AUTHORS);
  const authorPosition = new Map(authors.map((author, position) => [author.code, position]));

  onProgress?.(existing, target);
  for (let start = existing + 1; start <= target; start += BULK_BATCH_SIZE) {
    const end = Math.min(target, start + BULK_BATCH_SIZE - 1);
    const books: BookDraft[] = [];
    for (let index = start; index <= end; index++) books.push(generateLargeCatalogueBook(index, authors));

    const newAuthors = [...new Map(books.map((book) => [book.author.code, book.author])).values()].filter(
      (author) => !refs.attributeValueIds.has(`author:${author.code}`),
    );
    const authorIds = await addAttributeValues(
      db,
      authorAttributeId,
      newAuthors.map((author) => ({ code: author.code, label: author.name, position: authorPosition.get(author.code) ?? 0 })),
    );
    for (const [code, id] of authorIds) refs.attributeValueIds.set(`author:${code}`, id);

    await createProducts(
      db,
      books.map((book) => toProductInput(book, refs)),
    );
    onProgress?.(end, target);
  }
  // runSeed then vacuums and analyses every table it filled.
  return target - existing;
}
