import { BACK_IN_STOCK_CONFIRMATION_DAYS } from "@quire/contracts/constants";
import type { BackInStockConfirmation } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/back-in-stock-page";

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
      heading: t("back_in_stock.page.expired"),
      message: t("back_in_stock.page.expired_text", { days: BACK_IN_STOCK_CONFIRMATION_DAYS }),
      offer: "browse",
    };
  }
  if (!link.ok) {
    return {
      heading: t("back_in_stock.page.invalid"),
      message: t("back_in_stock.page.invalid_text"),
      offer: "browse",
    };
  }
  const { state, backInStock } = link.confirmation;
  if (backInStock) {
    return {
      heading: t("back_in_stock.page.back"),
      message: state === "confirmed" ? t("back_in_stock.page.back_confirmed_text") : t("back_in_stock.page.back_text"),
      offer: "see-book",
    };
  }
  if (state === "confirmed") {
    return {
      heading: t("back_in_stock.page.on_the_list"),
      message: t("back_in_stock.page.on_the_list_text"),
      offer: "browse",
    };
  }
  return {
    heading: t("back_in_stock.page.confirm_title"),
    message: t("back_in_stock.page.confirm_text"),
    offer: "confirm",
  };
}
