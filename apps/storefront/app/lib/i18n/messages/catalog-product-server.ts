import { translator, type MessageSet } from "../translator";

/** A product page's texts only the server uses (routes/store-product.tsx's loader), kept out of the page's script. */
export const catalogProductServerMessages = {
  "catalog.product.preview":
    "A preview: this page is not in the shop yet, and only people with its link see it. Baskets and lists take the product once it is published.",
  // The product safety section (features/catalog/product-safety.server.tsx), made on the server as markup.
  "catalog.product.safety": "Product safety",
  "catalog.product.safety_manufacturer": "Manufacturer",
  "catalog.product.safety_responsible_person": "Responsible person in the EU",
  "catalog.product.safety_identifiers": "Identification",
  "catalog.product.safety_warnings": "Warnings and safety information",
  "catalog.product.safety_no_warnings": "None",
} as const satisfies MessageSet;

export const t = translator(catalogProductServerMessages);
