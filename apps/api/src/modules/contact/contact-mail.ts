import type { ContactMessageBody, ContactSubject } from "@quire/contracts";
import type { OutgoingMail } from "../mail/mail.service";

export const CONTACT_MESSAGE_MAIL_KIND = "contact_message";

/** What each subject is called in the shop's inbox. */
export const CONTACT_SUBJECT_NAMES: Record<ContactSubject, string> = {
  order: "An order",
  delivery: "Delivery",
  returns: "Returns and refunds",
  gift_help: "Help choosing a gift",
  trade: "Trade and wholesale",
  accessibility: "Accessibility problem",
  other: "Something else",
};

/** The shop's copy of a contact form message: who wrote, how to answer, and what they said. */
export function contactMessageMail(input: {
  storeId: number;
  storeName: string;
  recipient: string;
  reference: string;
  body: ContactMessageBody;
}): OutgoingMail {
  const { body } = input;
  return {
    storeId: input.storeId,
    kind: CONTACT_MESSAGE_MAIL_KIND,
    recipient: input.recipient,
    subject: `[${input.reference}] ${CONTACT_SUBJECT_NAMES[body.subject]}: a message from ${body.name}`,
    textBody: [
      `A message came through the contact form of ${input.storeName}.`,
      "",
      `Reference: ${input.reference}`,
      `From: ${body.name} <${body.email}>`,
      `About: ${CONTACT_SUBJECT_NAMES[body.subject]}`,
      "",
      body.message,
      "",
      `Reply to ${body.email}, quoting ${input.reference}.`,
    ].join("\n"),
  };
}
