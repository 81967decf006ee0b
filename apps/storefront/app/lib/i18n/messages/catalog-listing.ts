import { translator, type MessageSet } from "../translator";

/** A listing of books (the store, a category, search results): filters, sorting, counts (features/catalog). */
export const catalogListingMessages = {
  "catalog.listing.filters": "Filters",
  "catalog.listing.apply_filters": "Apply filters",
  "catalog.listing.clear_all": "Clear all",
  "catalog.listing.show_more": "Show {count} more",
  "catalog.listing.show_fewer": "Show fewer",
  // A filter value's count, read in full by screen readers: "(12 products)"; the page shows the number only.
  "catalog.listing.value_count": "({count} products)",
  "catalog.listing.unlisted": "Only the most common are listed. Other filters or a search narrow the rest.",
  "catalog.listing.price": "Price ({symbol})",
  "catalog.listing.price_range": "{min} to {max} in this selection",
  "catalog.listing.price_from": "From",
  "catalog.listing.price_to": "To",
  "catalog.listing.applied": "Applied filters",
  // An applied filter's chip: "Format: Hardback", "Price: £5.00 to £10.00".
  "catalog.listing.chip": "{name}: {value}",
  "catalog.listing.chip_price": "Price: {range}",
  "catalog.listing.price_between": "{min} to {max}",
  "catalog.listing.price_and_up": "{min} and up",
  "catalog.listing.price_up_to": "Up to {max}",
  "catalog.listing.remove_filter": "Remove filter {label}",
  "catalog.listing.result_count_one": "1 result",
  "catalog.listing.result_count": "{count} results",
  "catalog.listing.showing": "Showing {first}–{last}",
  "catalog.listing.prices_for_customers": "Prices are shown to signed-in customers.",
  "catalog.listing.nothing_matches": "Nothing matches these filters",
  "catalog.listing.nothing_matches_hint": "Try removing a filter or widening the price range.",
  "catalog.listing.clear_all_filters": "Clear all filters",
  "catalog.listing.nothing_yet": "Nothing here yet",
  "catalog.listing.sort_by": "Sort by",
  "catalog.listing.sort": "Sort",
  "catalog.listing.sort.relevance": "Best match",
  "catalog.listing.sort.popular": "Most popular",
  "catalog.listing.sort.newest": "Newest",
  "catalog.listing.sort.price_asc": "Price: low to high",
  "catalog.listing.sort.price_desc": "Price: high to low",
  "catalog.listing.sort.name_asc": "Title: A to Z",
  "catalog.listing.sort.name_desc": "Title: Z to A",
  // A category's page (routes/store-category.tsx), and the store's.
  "catalog.listing.page_title": "{name}, page {page}",
  "catalog.listing.category_empty": "Nothing is filed under this category yet.",
  "catalog.listing.browse_store": "Browse the whole store",
} as const satisfies MessageSet;

export const t = translator(catalogListingMessages);
