import { translator, type MessageSet } from "../translator";

/** The search page and the search box's suggestions (routes/search.tsx, features/search). */
export const searchMessages = {
  "search.title": "Search",
  "search.results_title": "Search results for “{text}”",
  "search.home": "Home",
  "search.heading_results": "Results for “{text}”",
  "search.heading": "Search the shop",
  "search.including_results": "Including results for {term}.",
  "search.empty_hint": "Try other words.",
  "search.browse_store": "Browse the store",
  "search.nothing_matched": "Nothing matched your search",
  "search.looking_for": "What are you looking for?",
  "search.did_you_mean": "Did you mean {term}?",
  "search.tip_spelling": "Check the spelling, or use fewer words.",
  "search.tip_fields": "Search by a title, an author’s name, a series or an ISBN.",
  "search.search_again": "Search again",
  "search.popular": "Popular right now",
  "search.suggestions.label": "Suggestions",
  "search.suggestions.books": "Books",
  "search.suggestions.categories": "Categories",
  "search.suggestions.category": "Category",
  "search.suggestions.authors": "Authors",
  "search.suggestions.author": "Author",
} as const satisfies MessageSet;

export const t = translator(searchMessages);
