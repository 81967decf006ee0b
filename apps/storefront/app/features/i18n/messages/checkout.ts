import { translator, type MessageSet } from "../translator";

/** The checkout's texts (spec section 8). */
export const checkoutMessages = {
  "checkout.terms_not_accepted": "Please accept the terms and conditions to proceed with the order.",
  "checkout.free_delivery": "Free delivery",
} as const satisfies MessageSet;

export const t = translator(checkoutMessages);
