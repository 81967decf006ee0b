import { translator, type MessageSet } from "../translator";

/** A product page's texts only the server uses (routes/store-product.tsx's loader), kept out of the page's script. */
export const catalogProductServerMessages = {
  "catalog.product.preview":
    "A preview: this page is not in the shop yet, and only people with its link see it. Baskets and lists take the product once it is published.",
} as const satisfies MessageSet;

export const t = translator(catalogProductServerMessages);
