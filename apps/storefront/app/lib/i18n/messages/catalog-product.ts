import { translator, type MessageSet } from "../translator";

/** A product's page (routes/store-product.tsx): its gallery, prices by quantity, extras and details. */
export const catalogProductMessages = {
  "catalog.product.title": "Product",
  "catalog.product.title_by": "{name} by {byline}",
  "catalog.product.cover_of": "Cover of {name}",
  "catalog.product.images_of": "Images of {name}",
  "catalog.product.image_alt": "{name}, image {number}",
  "catalog.product.choose_image": "Choose an image",
  "catalog.product.byline": "by {byline}",
  "catalog.product.show_variant": "Show this {option}",
  "catalog.product.show_image": "Show image {number} of {count}",
  "catalog.product.show_image_alt": "Show image {number} of {count}: {alt}",
  "catalog.product.price_and_availability": "Price and availability",
  "catalog.product.not_on_sale": "Not on sale in this currency at the moment.",
  "catalog.product.on_sale": "On sale",
  "catalog.product.back_order": "You can still order it; we send it as soon as it is back.",
  "catalog.product.sku": "SKU",
  "catalog.product.isbn": "ISBN",
  "catalog.product.buy": "Buy {name}",
  "catalog.product.extras_for_this": "Extras for this {kind}",
  "catalog.product.extras_for_book": "Extras for this book",
  "catalog.product.free": "Free",
  "catalog.product.quantity": "Quantity",
  "catalog.product.about": "About this {kind}",
  "catalog.product.details": "Details",
  "catalog.product.bought_together": "Often bought together",
  "catalog.product.you_may_also_like": "You may also like",
  "catalog.product.book": "book",
  "catalog.product.tiers": "Buy more, pay less",
  "catalog.product.tier_quantity": "Quantity",
  "catalog.product.tier_price": "Price each",
  "catalog.product.tier_buy": "Buy {quantity}+",
  "catalog.product.tier_each": "each",
} as const satisfies MessageSet;

export const t = translator(catalogProductMessages);
