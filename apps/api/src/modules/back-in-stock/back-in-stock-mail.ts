import { BACK_IN_STOCK_CONFIRMATION_DAYS } from "@quire/contracts";
import type { OutgoingMail } from "../mail/mail.service";

// The back-in-stock emails, as plain text. Each names its main link as `actionUrl`, which the console
// transport prints when no SMTP server is configured.

/** The outbox kind of a confirmation email, which the per-address cap counts. */
export const CONFIRMATION_MAIL_KIND = "back_in_stock_confirmation";

/** What both messages say about the book and who sends them. */
export interface VariantMailFacts {
  storeId: number;
  storeName: string;
  productName: string;
  productSlug: string;
  variantName: string;
}

/** "Title (Format)" when the variant has a name of its own, else the title. */
function bookTitle(facts: VariantMailFacts): string {
  return facts.variantName && facts.variantName !== facts.productName ? `${facts.productName} (${facts.variantName})` : facts.productName;
}

/** Asks the owner of an address to confirm a back-in-stock request made for it (double opt-in). */
export function confirmationMail(
  facts: VariantMailFacts,
  to: { email: string },
  input: { storefrontUrl: string; token: string },
): OutgoingMail {
  const actionUrl = `${input.storefrontUrl}/notifications/back-in-stock/confirm/${input.token}`;
  return {
    storeId: facts.storeId,
    kind: CONFIRMATION_MAIL_KIND,
    recipient: to.email,
    subject: `Confirm: email me when ${facts.productName} is back`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      `Someone asked ${facts.storeName} to email this address once when ${bookTitle(facts)} is back in stock.`,
      "If that was you, confirm it here:",
      "",
      actionUrl,
      "",
      `The link works for ${BACK_IN_STOCK_CONFIRMATION_DAYS} days. If you did not ask, ignore this email: without your confirmation we will not write to you about it.`,
    ].join("\n"),
  };
}

/** The one notice a confirmed subscriber gets when the variant is back. */
export function backInStockMail(facts: VariantMailFacts, to: { email: string }, input: { storefrontUrl: string }): OutgoingMail {
  const actionUrl = `${input.storefrontUrl}/store/product/${facts.productSlug}`;
  return {
    storeId: facts.storeId,
    kind: "back_in_stock",
    recipient: to.email,
    subject: `Back in stock: ${facts.productName}`,
    actionUrl,
    textBody: [
      `Good news: ${bookTitle(facts)} is back in stock at ${facts.storeName}.`,
      "",
      `See it here: ${actionUrl}`,
      "",
      "You asked us to tell you when it returned. This is the only message we will send about it.",
    ].join("\n"),
  };
}
