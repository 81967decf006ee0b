import { writeTextPageKey, type TextPageKey } from "@quire/contracts";
import { asc, desc, gt, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../http/errors";

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

/**
 * Refuses a page key of another order than the list's (400 `conflicting_parameters`, naming it), as it would start the
 * list somewhere odd: newest first pages with `before` (an id); every other order with `after`, which carries the last
 * row's text when the list is sorted by one of `textSorts`, and only its id otherwise.
 */
export function refuseForeignPageKey(query: { sort: string; before?: number; after?: TextPageKey }, textSorts: readonly string[]): void {
  const byText = textSorts.includes(query.sort);
  const conflict =
    query.sort === "newest"
      ? query.after !== undefined && { field: "querystring.after", message: "A newest-first list pages with before" }
      : query.before !== undefined
        ? { field: "querystring.before", message: "This order pages with after" }
        : query.after !== undefined &&
          (query.after.text === undefined) === byText && {
            field: "querystring.after",
            message: byText ? "This order pages with a key that has the last row's text" : "This order pages with the last row's id",
          };
  if (conflict) throw new AppError("conflicting_parameters", conflict.message, { field: conflict.field });
}

/**
 * One page of a list sorted as `sort` says (read with one row more than the page, as keysetPage), and the key of the
 * next one: `nextBefore` (the last row's id) newest first; otherwise `nextAfter`, which carries the last row's text
 * as well when `textOf` is given (the list is sorted by that text).
 */
export function sortedKeysetPage<Row extends { id: number }>(
  rows: readonly Row[],
  limit: number,
  sort: string,
  textOf: ((row: Row) => string) | null,
): { page: Row[]; nextBefore: number | null; nextAfter: string | null } {
  const { page, next: last } = keysetPage(rows, limit, (row) => row);
  return {
    page,
    nextBefore: last && sort === "newest" ? last.id : null,
    nextAfter: last && sort !== "newest" ? writeTextPageKey(textOf ? { id: last.id, text: textOf(last) } : { id: last.id }) : null,
  };
}

/**
 * Where a page of a list sorted as `query.sort` says starts, and the order it is read in: newest first by id (from
 * `before`), oldest first by id, or by `list.text` A to Z with ties by id (both from `after`). `text` is the sorted text
 * as the list's index holds it (`lower(name)`, say), and `keyText` turns a page key's text into the same form, so
 * that a page is one walk of that index from the key.
 */
export function sortedKeysetClauses(
  query: { sort: string; before?: number; after?: TextPageKey },
  list: { id: AnyPgColumn; textSort: string; text: SQL | AnyPgColumn; keyText?: (text: string) => SQL },
): { start: SQL | undefined; orderBy: SQL[] } {
  const byText = query.sort === list.textSort;
  const keyText = list.keyText ?? ((text: string) => sql`${text}`);
  const start =
    query.before !== undefined
      ? lt(list.id, query.before)
      : query.after === undefined
        ? undefined
        : byText
          ? sql`(${list.text}, ${list.id}) > (${keyText(query.after.text ?? "")}, ${query.after.id})`
          : gt(list.id, query.after.id);
  const orderBy = query.sort === "newest" ? [desc(list.id)] : query.sort === "oldest" ? [asc(list.id)] : [asc(list.text), asc(list.id)];
  return { start, orderBy };
}
