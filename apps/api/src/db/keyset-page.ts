/**
 * One page of a list read with keyset paging (newest first: `where id < before order by id desc limit n + 1`; or
 * oldest first, `after`): the query asks for one row more than the page, which only says that another page follows.
 * `next` is the last shown row's key, for the caller to send back as `before` (or `after`), or null on the last
 * page. Unlike an offset, a key finds the next page through the index at any depth, and rows added meanwhile neither
 * repeat nor go missing.
 */
export function keysetPage<Row, Key>(rows: readonly Row[], limit: number, keyOf: (row: Row) => Key): { page: Row[]; next: Key | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last !== undefined ? keyOf(last) : null };
}
