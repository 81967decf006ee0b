/**
 * The field every storefront form names its intent in, and the intent names of each page's forms. Plain
 * constants (no zod), so components render `<input type="hidden" name={INTENT_FIELD} value={...} />` with
 * the very names the route's action dispatches on (lib/form-intents.server.ts): a renamed intent fails the
 * type check instead of falling through at run time.
 */
export const INTENT_FIELD = "intent";

// The checkout's and the account's intents live in features/checkout/checkout-intents.ts and account-intents.ts: this module is
// in every page's scripts, and their names would add to the pages that have none of those forms.

/** /favorites: the customer's lists. */
export const FAVORITES_INTENTS = { create: "create", rename: "rename", delete: "delete" } as const;

/** /favorites/items: the favourite toggle and the list-choice dialog. */
export const FAVORITE_ITEM_INTENTS = { add: "add", removeVariant: "remove-variant", create: FAVORITES_INTENTS.create } as const;

/** /favorites/:id: one list's items. */
export const FAVORITE_LIST_INTENTS = { removeItem: "remove-item", removeItems: "remove-items" } as const;

/** /cart: a line's quantity or removal, the add-ons form, the quick order. */
export const CART_INTENTS = { quantity: "quantity", remove: "remove", addons: "addons", quickOrder: "quick-order" } as const;

/** /store/product/:product: the back-in-stock form. */
export const PRODUCT_PAGE_INTENTS = { backInStock: "back-in-stock" } as const;

/** /notifications/back-in-stock/confirm/:token: the confirm button. */
export const BACK_IN_STOCK_CONFIRM_INTENTS = { confirm: "confirm" } as const;

/** The values of an intents object: the names a form may post. */
export type IntentName<T extends Record<string, string>> = T[keyof T];
