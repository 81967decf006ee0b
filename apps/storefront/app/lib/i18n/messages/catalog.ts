import { translator, type MessageSet } from "../translator";

/**
 * What every page that shows books has: the product card, stock, the catalogue's breadcrumbs, category links,
 * and the rows of books (home, store, category, product, search and basket pages).
 */
export const catalogMessages = {
  "catalog.home": "Home",
  "catalog.store": "Store",
  "catalog.sign_in_for_prices": "Sign in to see prices",
  "catalog.stock.out": "Out of stock",
  "catalog.stock.only_left": "Only {quantity} left",
  "catalog.stock.low": "Low stock",
  "catalog.stock.in_quantity": "{quantity} in stock",
  "catalog.stock.in": "In stock",
  "catalog.categories_in": "Categories in {name}",
  "catalog.browse_by_category": "Browse by category",
  "catalog.browse": "Browse",
  "catalog.edition": "Edition",
  "catalog.recently_viewed": "Recently viewed",
  "catalog.trending": "Trending now",
} as const satisfies MessageSet;

export const t = translator(catalogMessages);
