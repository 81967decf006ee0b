import { NEWSLETTER_CONFIRMATION_DAYS, type NewsletterTopic } from "@quire/contracts";
import type { OutgoingMail } from "../mail/mail.service";

/** The outbox kind of a newsletter confirmation email, which the per-address cap counts. */
export const NEWSLETTER_CONFIRMATION_MAIL_KIND = "newsletter_confirmation";

/** The topics' names in emails (the storefront has its own, longer, labels). */
export const TOPIC_NAMES: Record<NewsletterTopic, string> = {
  new_releases: "New releases",
  offers: "Offers",
  events: "Events and signings",
  childrens_books: "Children's books",
};

/**
 * Asks the owner of an address to confirm the newsletters asked for it (double opt-in), with a one-click
 * unsubscribe link for an owner who never wants them. Asking for none confirms an unsubscription.
 */
export function newsletterConfirmationMail(input: {
  storeId: number;
  storeName: string;
  email: string;
  topics: readonly NewsletterTopic[];
  storefrontUrl: string;
  confirmToken: string;
  unsubscribeToken: string;
}): OutgoingMail {
  const actionUrl = `${input.storefrontUrl}/newsletter/confirm/${input.confirmToken}`;
  const unsubscribeUrl = `${input.storefrontUrl}/newsletter/unsubscribe/${input.unsubscribeToken}`;
  const asked =
    input.topics.length > 0
      ? [
          `Someone asked ${input.storeName} to send this address these newsletters:`,
          "",
          ...input.topics.map((topic) => `- ${TOPIC_NAMES[topic]}`),
        ]
      : [`Someone asked ${input.storeName} to stop sending newsletters to this address.`];
  return {
    storeId: input.storeId,
    kind: NEWSLETTER_CONFIRMATION_MAIL_KIND,
    recipient: input.email,
    subject: input.topics.length > 0 ? `Confirm your ${input.storeName} newsletters` : `Confirm: no more ${input.storeName} newsletters`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      ...asked,
      "",
      "If that was you, confirm it here:",
      "",
      actionUrl,
      "",
      `The link works for ${NEWSLETTER_CONFIRMATION_DAYS} days. If you did not ask, ignore this email: without your confirmation nothing changes.`,
      "",
      `Never want our newsletters? Unsubscribe in one click: ${unsubscribeUrl}`,
    ].join("\n"),
  };
}
