import type { Withdrawal } from "@quire/contracts";
import { formatDayInWords, formatMomentInWords } from "@quire/contracts/dates";
import { formatMoney } from "@quire/money";
import type { OutgoingMail } from "../mail/mail.service";

/** The shop the mail comes from. */
export interface WithdrawalMailContext {
  storeId: number;
  storeName: string;
  storefrontUrl: string;
}

/**
 * The acknowledgement of a withdrawal (decision 061), sent the moment it is declared: the durable record the law asks
 * for of when it was received and what was withdrawn from. Its refund is told by the refund's own mail. Plain text, as
 * every Quire mail.
 */
export function withdrawalMail(
  context: WithdrawalMailContext,
  withdrawal: Withdrawal,
  to: { email: string; firstName: string },
): OutgoingMail {
  const items = withdrawal.lines.map(
    (line) => `  ${line.quantity} × ${line.productName} (${line.variantName})  ${formatMoney(line.amount)}`,
  );
  const delivery = withdrawal.delivery.amount > 0 ? [`  Delivery  ${formatMoney(withdrawal.delivery)}`] : [];
  const subject = `We received your withdrawal from order ${withdrawal.orderNumber}`;
  const body = [
    `We received your withdrawal from the contract for order ${withdrawal.orderNumber} on ${formatMomentInWords(withdrawal.declaredAt)}.`,
    `It is withdrawal ${withdrawal.publicId}, and covers ${withdrawal.wholeOrder ? "the whole order" : "the items below"}.`,
    "",
    `We will refund ${formatMoney(withdrawal.amount)} to the way you paid by ${formatDayInWords(withdrawal.refundDueBy)} at the latest. ` +
      "We may wait until the items are back with us, or until you send us proof that you have sent them.",
    "Please send the items back within 14 days, with the number above inside the parcel.",
  ];
  const actionUrl = `${context.storefrontUrl}/withdraw`;
  return {
    storeId: context.storeId,
    kind: "withdrawal_declared",
    recipient: to.email,
    subject: `${subject} (${context.storeName})`,
    actionUrl,
    textBody: [
      `Hello ${to.firstName},`,
      "",
      ...body,
      "",
      `Withdrawal ${withdrawal.publicId}, order ${withdrawal.orderNumber}`,
      ...items,
      ...delivery,
      `  Refund  ${formatMoney(withdrawal.amount)}`,
      "",
      `${context.storeName}`,
    ].join("\n"),
  };
}
