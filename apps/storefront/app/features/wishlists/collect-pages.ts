/** One page of a paged answer: its rows and how many rows there are in all. */
export interface PageOfResults<T> {
  results: T[];
  total: number;
}

/**
 * Every row of a paged list, read page after page (wishlists are read 50 at a time until
 * the total is reached). Stops on an empty page too, so a list that shrinks while it is read cannot loop,
 * and after `maxPages` whatever happens, so a misbehaving answer cannot either.
 */
export async function collectAllPages<T>(readPage: (pageNumber: number) => Promise<PageOfResults<T>>, maxPages = 200): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber += 1) {
    const page = await readPage(pageNumber);
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.total) break;
  }
  return rows;
}
