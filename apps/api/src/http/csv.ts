import { stringify } from "csv-stringify/sync";

/**
 * One CSV record (RFC 4180 quoting, CRLF-free `\n` ending). A cell a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe: a shopper's name such as
 * `=HYPERLINK(...)` reaches the merchant's spreadsheet as text.
 */
export function csvLine(cells: readonly string[]): string {
  return stringify([cells as string[]], { escape_formulas: true });
}
