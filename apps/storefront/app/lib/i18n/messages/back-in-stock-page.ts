import { translator, type MessageSet } from "../translator";

/** The page of the back-in-stock email's link (routes/back-in-stock-confirm.tsx, features/back-in-stock/confirmation-page.ts). */
export const backInStockPageMessages = {
  "back_in_stock.page.title": "Back-in-stock email",
  "back_in_stock.page.book": "The book",
  "back_in_stock.page.expired": "This link has expired",
  "back_in_stock.page.expired_text":
    "Confirmation links work for {days} days. Ask again from the book's page and we'll send you a new one.",
  "back_in_stock.page.invalid": "This link is not valid",
  "back_in_stock.page.invalid_text":
    "It may be incomplete, or copied wrongly from the email. Ask again from the book's page and we'll send you a new one.",
  "back_in_stock.page.back": "It's back in stock",
  "back_in_stock.page.back_confirmed_text":
    "Your email is confirmed, and good news: there is no need to wait for an email, as it can be ordered now.",
  "back_in_stock.page.back_text": "Good news: there is no need to wait for an email, as it can be ordered now.",
  "back_in_stock.page.on_the_list": "You're on the list",
  "back_in_stock.page.on_the_list_text": "Your email is confirmed. We'll send you one message when it's back in stock.",
  "back_in_stock.page.confirm_title": "Confirm your back-in-stock email",
  "back_in_stock.page.confirm_text": "Confirm, and we'll email you once when it's back in stock. Until you do, we won't send anything.",
  "back_in_stock.page.confirming": "Confirming…",
  "back_in_stock.page.confirm": "Confirm",
  "back_in_stock.page.see_book": "See the book",
  "back_in_stock.page.continue": "Continue shopping",
} as const satisfies MessageSet;

export const t = translator(backInStockPageMessages);
