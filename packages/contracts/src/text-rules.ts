// What a caller's text may hold, as plain checks with no zod: the schemas (textSchema in common.ts) use
// these patterns, and forms in the browser run the same check before sending (docs/decisions/022).

/**
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates. PostgreSQL refuses NUL in text and cannot
 * store a lone surrogate, and none of them belongs in a name, a search or a code a shopper types.
 *
 * Each pattern is one character class repeated: it runs in time linear in the text and never backtracks
 * into alternatives. A group of alternatives repeated (`(?:[\t\n\r]|[^…])*`) keeps a backtracking entry per
 * character, and an 8 MB form field overflowed the regular-expression stack (a 500, issue 25).
 */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
/** The same, allowing tab (U+0009), line feed (U+000A) and carriage return (U+000D), for text written in paragraphs. */
// eslint-disable-next-line no-control-regex -- naming the control characters it refuses is the pattern's purpose
export const MULTILINE_TEXT = /^[^\p{Cs}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;
export const CONTROL_CHARACTERS_MESSAGE = "Remove control characters such as NUL";
/**
 * True when `value` has no character that textSchema refuses (for forms that check before sending). Browser
 * code checking one line tests SINGLE_LINE_TEXT itself: a call of this function ships both patterns.
 */
export function isPrintableText(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT).test(value);
}
