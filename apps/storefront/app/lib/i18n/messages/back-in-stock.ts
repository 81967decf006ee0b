import { translator, type MessageSet } from "../translator";

/** "Email me when it's back" on an out-of-stock product's page (features/back-in-stock/back-in-stock-form.tsx). */
export const backInStockMessages = {
  "back_in_stock.form.title": "This {variant} is out of stock",
  "back_in_stock.form.signed_in": "We will send one message to your account's email when it is back.",
  "back_in_stock.form.guest": "Leave your email. Once you confirm it from the link we send, we will email you one message when it is back.",
  "back_in_stock.form.email": "Email address",
  "back_in_stock.form.submit": "Email me when it's back",
} as const satisfies MessageSet;

export const t = translator(backInStockMessages);
