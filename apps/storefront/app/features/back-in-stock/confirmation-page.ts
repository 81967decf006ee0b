import { BACK_IN_STOCK_CONFIRMATION_DAYS } from "@quire/contracts/constants";
import type { BackInStockConfirmation } from "@quire/contracts";

/** What an emailed confirmation link leads to: its request, or why it no longer works. */
export type ConfirmationLink = { ok: true; confirmation: BackInStockConfirmation } | { ok: false; problem: "invalid" | "expired" };

/**
 * What the confirmation page says, and the one thing it offers: the confirm button, the book's link, or,
 * when there is nothing left to do here, the way back to the shop.
 */
export interface ConfirmationPage {
  heading: string;
  message: string;
  offer: "confirm" | "see-book" | "browse";
}

/**
 * The confirmation page for each state of its link. A variant already back in stock is said to be so, with
 * its link, whether or not the request was confirmed: there is nothing left to wait for.
 */
export function describeConfirmationPage(link: ConfirmationLink): ConfirmationPage {
  if (!link.ok && link.problem === "expired") {
    return {
      heading: "This link has expired",
      message: `Confirmation links work for ${BACK_IN_STOCK_CONFIRMATION_DAYS} days. Ask again from the book's page and we'll send you a new one.`,
      offer: "browse",
    };
  }
  if (!link.ok) {
    return {
      heading: "This link is not valid",
      message: "It may be incomplete, or copied wrongly from the email. Ask again from the book's page and we'll send you a new one.",
      offer: "browse",
    };
  }
  const { state, backInStock } = link.confirmation;
  if (backInStock) {
    return {
      heading: "It's back in stock",
      message: `${state === "confirmed" ? "Your email is confirmed, and good news" : "Good news"}: there is no need to wait for an email, as it can be ordered now.`,
      offer: "see-book",
    };
  }
  if (state === "confirmed") {
    return {
      heading: "You're on the list",
      message: "Your email is confirmed. We'll send you one message when it's back in stock.",
      offer: "browse",
    };
  }
  return {
    heading: "Confirm your back-in-stock email",
    message: "Confirm, and we'll email you once when it's back in stock. Until you do, we won't send anything.",
    offer: "confirm",
  };
}
