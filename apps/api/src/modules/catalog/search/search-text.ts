import type { Highlight } from "@quire/contracts";

/*
 * How a shopper's search text is read (decision 035), before any SQL: its words, and the product code it
 * may be. Pure functions, unit-tested beside.
 */

/** Words of a search that count; the rest is ignored so one request cannot build a huge query. */
export const MAX_SEARCH_WORDS = 8;
/** Longer "words" are cut: no title word is longer, and a trigram search over one would be slow. */
export const MAX_WORD_LENGTH = 40;

/** The text's words: lower case, split at anything but letters and digits, at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** ISBN-10's check digit is its weighted sum mod 11; ISBN-13's alternates weights 1 and 3 mod 10. */
function isbn13CheckDigit(first12: string): string {
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  const sum = [...isbn].reduce((total, char, index) => total + (char === "X" ? 10 : Number(char)) * (10 - index), 0);
  return sum % 11 === 0;
}

/** The ISBN-13 (digits only) a text is, written with or without hyphens and spaces, as 13 or 10 digits; else null. */
export function isbnOf(text: string): string | null {
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  if (/^97[89]\d{10}$/.test(compact)) return isbn13CheckDigit(compact.slice(0, 12)) === compact[12] ? compact : null;
  if (isValidIsbn10(compact)) {
    const first12 = `978${compact.slice(0, 9)}`;
    return first12 + isbn13CheckDigit(first12);
  }
  return null;
}

/** The codes a text could be: an ISBN (digits only) and a SKU (upper case); none for plain words. */
export function codesOf(text: string): string[] {
  const trimmed = text.trim();
  const isbn = isbnOf(trimmed);
  if (isbn) return [isbn];
  // A SKU has no spaces and a digit or a hyphen ("QB-000042-HB", "FR-PB"); a plain word is never looked up.
  return /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/.test(trimmed) && /[\d-]/.test(trimmed) ? [trimmed.toUpperCase()] : [];
}

/**
 * `label` cut into runs, a run marked where a word of the label begins with one of `words` (what the shopper
 * typed, or the corrections): "Harry Potter" for ["harr"] is [{ "Harr", match }, { "y Potter" }]. Case and
 * accents are compared folded; the label keeps its own.
 */
export function highlight(label: string, words: string[]): Highlight {
  const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const wanted = [...new Set(words.map(fold).filter(Boolean))].sort((a, b) => b.length - a.length);
  const runs: Highlight = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = runs.at(-1);
    if (last && last.match === match) last.text += text;
    else runs.push({ text, match });
  };
  // Words of the label with their offsets; each compared by its folded form (same length for Latin text).
  let position = 0;
  for (const found of label.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = found.index;
    push(label.slice(position, start), false);
    const word = found[0];
    const folded = fold(word);
    const prefix = folded.length === word.length ? wanted.find((candidate) => folded.startsWith(candidate)) : undefined;
    if (prefix) {
      push(word.slice(0, prefix.length), true);
      push(word.slice(prefix.length), false);
    } else {
      push(word, wanted.includes(folded));
    }
    position = start + word.length;
  }
  push(label.slice(position), false);
  return runs;
}
