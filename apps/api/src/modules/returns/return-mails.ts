import type { ReturnDetail } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { OutgoingMail } from "../mail/mail.service";

/** The shop the mail comes from, and where the customer follows the return. */
export interface ReturnMailContext {
  storeId: number;
  storeName: string;
  storefrontUrl: string;
}

const SETTLED: Record<string, (detail: ReturnDetail) => string> = {
  refunded: (detail) =>
    `We have refunded ${formatMoney(detail.amount)} to the way you paid. Banks usually show it within 5 to 10 working days.`,
  credited: (detail) => `We have added ${formatMoney(detail.amount)} of store credit to your account.`,
  exchanged: () => "Your replacement is on its way; we will email you when it ships.",
};

/**
 * The customer's email at each step of a return (asked for, received, settled, rejected, cancelled): what
 * happened, what happens next, and a link to the return. Plain text, as every Quire email.
 */
export function returnStatusMail(context: ReturnMailContext, detail: ReturnDetail, to: { email: string; firstName: string }): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/account/returns/${detail.id}`;
  const items = detail.lines.map((line) => `  ${line.quantity} × ${line.productName}  ${formatMoney(line.amount)}`);
  const { subject, body } = (() => {
    switch (detail.status) {
      case "requested":
        return {
          subject: `We have your return ${detail.publicId}`,
          body: `Thank you: we have your request to return these items from order ${detail.orderPublicId}. Please send them back to us with the number ${detail.publicId} inside the parcel.`,
        };
      case "received":
        return {
          subject: `Your return ${detail.publicId} has arrived`,
          body: "Your parcel has arrived and we are checking the items. We will email you again once it is settled.",
        };
      case "rejected":
        return {
          subject: `Your return ${detail.publicId} could not be accepted`,
          body: `We are sorry: we could not accept this return. ${detail.merchantNote ?? ""}`.trim(),
        };
      case "cancelled":
        return {
          subject: `Your return ${detail.publicId} is cancelled`,
          body: "You cancelled this return; nothing more will happen with it.",
        };
      default:
        return {
          subject: `Your return ${detail.publicId} is settled`,
          body: SETTLED[detail.status]?.(detail) ?? "Your return is settled.",
        };
    }
  })();
  return {
    storeId: context.storeId,
    kind: `return_${detail.status}`,
    recipient: to.email,
    subject: `${subject} (${context.storeName})`,
    actionUrl,
    textBody: [
      `Hello ${to.firstName},`,
      "",
      body,
      "",
      `Return ${detail.publicId}`,
      ...items,
      "",
      "Follow your return at any time:",
      actionUrl,
    ].join("\n"),
  };
}
