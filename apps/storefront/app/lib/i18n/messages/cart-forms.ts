import { translator, type MessageSet } from "../translator";

/**
 * The refusals of the cart's posted forms (features/cart/cart-forms.ts and cart-forms.server.ts): only actions
 * show them, as toasts or the quick order's report, so the pages' scripts drop them with the parsing.
 */
export const cartFormMessages = {
  "cart.form.quantity": "Enter a whole number from 1 to {max}.",
  "cart.form.not_in_catalogue": "That item is not in the shop's catalogue.",
  "cart.form.addon_not_offered": "That extra is not offered with this book.",
  "cart.form.too_many_addons": "Too many extras chosen for one book.",
  "cart.form.no_addons": "There are no extras to update.",
  "cart.form.sku_missing": "Enter the SKU of the item you want.",
} as const satisfies MessageSet;

export const t = /* @__PURE__ */ translator(cartFormMessages);
