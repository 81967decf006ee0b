/*
 * Lists edited in one plain form (a page's blocks, a menu's items): each row's fields are named
 * `<list>.<index>.<field>`, and the buttons that add, remove or move a row post the whole form with an intent such
 * as `remove:2`, so it all works without JavaScript. The action answers the list as it now stands, not yet saved
 * (the page shows it again), and only "Save" sends it to the API.
 */

export type Row = Record<string, string>;

/** The rows a form holds under `list`, in order (indices are contiguous: every answer renumbers them). */
export function rowsOf(values: Record<string, string>, list: string, max = 200): Row[] {
  const rows: Row[] = [];
  for (let index = 0; index < max; index++) {
    const prefix = `${list}.${index}.`;
    const row: Row = {};
    let found = false;
    for (const [name, value] of Object.entries(values)) {
      if (!name.startsWith(prefix)) continue;
      row[name.slice(prefix.length)] = value;
      found = true;
    }
    if (!found) break;
    rows.push(row);
  }
  return rows;
}

/** The form's values with `list` replaced by these rows, numbered from 0. */
export function withRows(values: Record<string, string>, list: string, rows: readonly Row[]): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (!name.startsWith(`${list}.`)) next[name] = value;
  rows.forEach((row, index) => {
    for (const [field, value] of Object.entries(row)) next[`${list}.${index}.${field}`] = value;
  });
  return next;
}

/**
 * Applies a row button's intent (`add`, `remove:2`, `up:2`, `down:2`) to the rows; null when the intent is not one.
 * `added` is the new row for `add`.
 */
export function moveRows(intent: string, rows: readonly Row[], added: () => Row | null): Row[] | null {
  if (intent === "add") {
    const row = added();
    return row ? [...rows, row] : [...rows];
  }
  const match = /^(remove|up|down):(\d{1,3})$/.exec(intent);
  if (!match) return null;
  const index = Number(match[2]);
  if (index >= rows.length) return [...rows];
  const next = [...rows];
  if (match[1] === "remove") next.splice(index, 1);
  else {
    const other = match[1] === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return next;
    [next[index], next[other]] = [next[other]!, next[index]!];
  }
  return next;
}

/** An API refusal's field (`blocks.1.items.0`) as the form's field it belongs to (`blocks.1.items`). */
export function fieldOfRow(field: string, list: string, rowFields: readonly string[]): string {
  const match = new RegExp(`^${list}\\.(\\d+)\\.([A-Za-z]+)`).exec(field);
  return match && rowFields.includes(match[2]!) ? `${list}.${match[1]}.${match[2]}` : field;
}
