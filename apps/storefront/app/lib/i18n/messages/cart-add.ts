import { translator, type MessageSet } from "../translator";

/**
 * "Add to basket" and the add-ons offered with it, where books are bought from (the product page, a favourites
 * list): apart from the basket page's set (messages/cart.ts), which those pages do not show.
 */
export const cartAddMessages = {
  "cart.add.label": "Add to basket",
  "cart.add.adding": "Adding…",
  // The button's name with what it adds: "Add to basket: Emma".
  "cart.add.label_for": "{label}: {name}",
  "cart.add.free": "Free",
  "cart.add.no_addon": "No {name}",
} as const satisfies MessageSet;

export const t = translator(cartAddMessages);
