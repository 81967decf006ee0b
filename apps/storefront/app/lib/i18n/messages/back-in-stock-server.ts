import { translator, type MessageSet } from "../translator";

/** The back-in-stock request's answers and refusals, which only the product page's action words. */
export const backInStockServerMessages = {
  "back_in_stock.subscribed": "We'll email {email} as soon as it's back in stock.",
  "back_in_stock.confirmation_sent":
    "Check your inbox at {email} and confirm the link we've sent: then we'll email you once when it's back in stock.",
  "back_in_stock.not_in_catalogue": "That item is not in the shop's catalogue.",
  "back_in_stock.enter_email": "Enter your email address.",
  "back_in_stock.valid_email": "Enter a valid email address, like name@example.com.",
} as const satisfies MessageSet;

export const t = translator(backInStockServerMessages);
