import { translator, type MessageSet } from "../translator";

/** The store's own page (routes/store.tsx): apart from the listing's set, which category pages carry too. */
export const catalogStoreMessages = {
  "catalog.store_page.title": "The store",
  "catalog.store_page.intro": "Books to give and to keep, chosen for every reader and every occasion.",
  "catalog.store_page.all": "All books and gifts",
  "catalog.store_page.empty": "The shelves are being stocked.",
  "catalog.store_page.back_home": "Back to the home page",
  "catalog.store_page.description": "Every book and gift in {store}, by category, with filters by format, occasion and price.",
  "catalog.store_page.the_shop": "the shop",
} as const satisfies MessageSet;

export const t = translator(catalogStoreMessages);
