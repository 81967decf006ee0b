import { translator, type MessageSet } from "../translator";
import { cartMessages } from "./cart";

/** The basket's texts only the server uses (its actions' toasts, the quick order's outcomes). Its `t` has both sets. */
export const cartServerMessages = {
  "cart.removed": "Removed from your basket",
  "cart.updated": "Basket updated",
  "cart.quick_order.unavailable": "Quick order is not available in this shop.",
  "cart.quick_order.no_answer": "The shop did not answer for this line; try it again.",
  "cart.notices_unreadable": "Those basket notices could not be read.",
} as const satisfies MessageSet;

export const t = translator({ ...cartMessages, ...cartServerMessages });
