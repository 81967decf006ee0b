import { translator, type MessageSet } from "../translator";

/** The suggestions endpoint's refusal (routes/search-suggestions.ts), which only the server words. */
export const searchServerMessages = {
  "search.suggestions.invalid_text": "Type what to search for",
} as const satisfies MessageSet;

export const t = translator(searchServerMessages);
