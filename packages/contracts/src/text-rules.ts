// What a caller's text may hold, as plain checks with no zod: the schemas (textSchema in common.ts) use
// these patterns, and forms in the browser run the same check before sending (docs/decisions/022).

/**
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates. PostgreSQL refuses NUL in text and cannot
 * store a lone surrogate, and none of them belongs in a name, a search or a code a shopper types.
 */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
/** The same, allowing tab, line feed and carriage return, for text written in paragraphs. */
export const MULTILINE_TEXT = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;
export const CONTROL_CHARACTERS_MESSAGE = "Remove control characters such as NUL";
/** True when `value` has no character that textSchema refuses (for forms that check before sending). */
export function isPrintableText(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT).test(value);
}
