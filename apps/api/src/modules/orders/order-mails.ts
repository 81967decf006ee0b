import type { Order, RefundReason } from "@quire/contracts";
import { formatDate } from "@quire/contracts/dates";
import { formatMoney } from "@quire/money";
import type { OutgoingMail } from "../mail/mail.service";
import type { BankTransferDetails } from "../stores/stores.service";
import { bankTransferLines } from "./proforma-invoice";

/**
 * The order confirmation (issue 8): sent once the order is paid (or accepted on account), with its lines,
 * totals, addresses and delivery option, and the order's link (decision 041), which opens it in any browser.
 * Plain text, as every Quire email.
 */
export function orderConfirmationMail(
  context: { storeId: number; storeName: string; orderUrl: string },
  order: Order & { firstName: string },
): OutgoingMail {
  const price = (value: { amount: number; currencyCode: string }) => formatMoney(value);
  const actionUrl = context.orderUrl;
  const lines = order.items.map((item) => {
    const extras = item.addons.map((addon) => `\n      + ${addon.name} (${price(addon.unitPrice)} each)`).join("");
    const name = item.variantName && item.variantName !== item.productName ? `${item.productName} (${item.variantName})` : item.productName;
    return `  ${item.quantity} × ${name}  ${price(item.total)}${extras}`;
  });
  const discounts = order.discountCodes.map((discount) => `  Discount ${discount.code}: -${price(discount.amount)}`);
  const taxLine = order.taxes.included ? `  Includes VAT: ${price(order.taxes.amount)}` : `  Tax: ${price(order.taxes.amount)}`;
  return {
    storeId: context.storeId,
    kind: "order_confirmation",
    recipient: order.email,
    subject: `Your ${context.storeName} order ${order.publicId} is confirmed`,
    actionUrl,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `Thank you for your order. It is paid and we are getting it ready.`,
      "",
      `Order ${order.publicId}`,
      ...lines,
      "",
      `  Subtotal: ${price(order.subTotal)}`,
      ...discounts,
      `  Delivery (${order.deliveryOption.name}): ${order.deliveryCharge.amount === 0 ? "free" : price(order.deliveryCharge)}`,
      taxLine,
      `  Total: ${price(order.grandTotal)}`,
      "",
      `Delivering to: ${order.deliveryAddress.formattedAddress}`,
      `Billing address: ${order.billingAddress.formattedAddress}`,
      "",
      "See your order at any time:",
      actionUrl,
    ].join("\n"),
  };
}

/**
 * The answer to "find my order" (decision 041): the order's link, to the address the order was placed with. It
 * says nothing of the order but its number, since whoever asked may not be its buyer; the page it opens does.
 */
export function orderLinkMail(
  context: { storeId: number; storeName: string; storefrontUrl: string; lifetimeDays: number },
  order: { publicId: string; email: string; firstName: string; orderUrl: string },
): OutgoingMail {
  return {
    storeId: context.storeId,
    kind: "order_link",
    recipient: order.email,
    subject: `Your link to ${context.storeName} order ${order.publicId}`,
    actionUrl: order.orderUrl,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `Here is the link to your order ${order.publicId}, as you asked. It shows the order, its status and its invoice`,
      `in any browser, without signing in, for ${context.lifetimeDays} days:`,
      order.orderUrl,
      "",
      "Keep it to yourself: anyone with the link can see the order.",
      `You can ask for a new link at any time at ${context.storefrontUrl.replace(/\/+$/, "")}/find-my-order.`,
      "",
      "If you did not ask for it, you can ignore this email.",
    ].join("\n"),
  };
}

/**
 * The mail of an order placed to be paid by bank transfer (its proforma invoice issued): the order, the amount,
 * the shop's bank details, the reference to quote, the deadline, and links to the proforma invoice and to the
 * order (decision 041), so a guest has them beyond the thank-you page. Once per order (its dedupe key).
 */
export function bankTransferOrderMail(
  context: { storeId: number; storeName: string; orderUrl: string; proformaUrl: string },
  order: Order & { firstName: string },
  payment: { bank: BankTransferDetails; dueBy: Date | null },
): OutgoingMail {
  const price = (value: { amount: number; currencyCode: string }) => formatMoney(value);
  const lines = order.items.map((item) => {
    const name = item.variantName && item.variantName !== item.productName ? `${item.productName} (${item.variantName})` : item.productName;
    return `  ${item.quantity} × ${name}  ${price(item.total)}`;
  });
  return {
    storeId: context.storeId,
    kind: "bank_transfer_order",
    recipient: order.email,
    subject: `Your ${context.storeName} order ${order.publicId}: please pay ${price(order.grandTotal)} by bank transfer`,
    actionUrl: context.orderUrl,
    dedupeKey: `order:${order.id}:bank_transfer_order`,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `Thank you for your order ${order.publicId}. We will send it as soon as your bank transfer reaches us.`,
      "",
      `Please transfer ${price(order.grandTotal)}${payment.dueBy ? ` by ${formatDate(payment.dueBy)}` : ""} to:`,
      ...bankTransferLines(payment.bank, order.publicId).map((line) => `  ${line}`),
      "",
      `Quote the reference ${order.publicId} so we can match your payment. An order not paid by then is cancelled.`,
      "",
      `Order ${order.publicId}`,
      ...lines,
      `  Total: ${price(order.grandTotal)}`,
      "",
      "Your proforma invoice (PDF):",
      context.proformaUrl,
      "",
      "See your order at any time:",
      context.orderUrl,
    ].join("\n"),
  };
}

/**
 * "Your order is on its way": the carrier's tracking reference and the order's link (decision 041). Once per
 * tracking reference: a corrected reference is news, the same one again is not. The shop records no carrier, so
 * there is no carrier's tracking page to link to.
 */
export function orderShippedMail(
  context: { storeId: number; storeName: string; orderUrl: string },
  order: { id: number; publicId: string; email: string; firstName: string; trackingReference: string },
): OutgoingMail {
  return {
    storeId: context.storeId,
    kind: "order_shipped",
    recipient: order.email,
    subject: `Your ${context.storeName} order ${order.publicId} is on its way`,
    actionUrl: context.orderUrl,
    dedupeKey: `order:${order.id}:order_shipped:${order.trackingReference}`,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `Your order ${order.publicId} has left us and is on its way to you.`,
      "",
      `Tracking reference: ${order.trackingReference}`,
      "Give it to the carrier, on their website or by phone, to follow the parcel.",
      "",
      "See your order at any time:",
      context.orderUrl,
    ].join("\n"),
  };
}

/** "Your order was delivered": when, and until when it may be returned, with the order's link. Once per order. */
export function orderDeliveredMail(
  context: { storeId: number; storeName: string; orderUrl: string },
  order: { id: number; publicId: string; email: string; firstName: string; returnableUntil: Date | null },
): OutgoingMail {
  return {
    storeId: context.storeId,
    kind: "order_delivered",
    recipient: order.email,
    subject: `Your ${context.storeName} order ${order.publicId} was delivered`,
    actionUrl: context.orderUrl,
    dedupeKey: `order:${order.id}:order_delivered`,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `Your order ${order.publicId} was delivered. We hope you enjoy it.`,
      ...(order.returnableUntil
        ? ["", `Not quite right? You can return it until ${formatDate(order.returnableUntil)} from your order's page.`]
        : []),
      "",
      "See your order at any time:",
      context.orderUrl,
    ].join("\n"),
  };
}

/** What comes back of a cancelled order's money, as the cancellation mail says it; null: nothing was paid. */
export interface CancelledOrderRefund {
  amount: { amount: number; currencyCode: string };
  /** How it was paid: the refund goes back the same way. */
  provider: string;
}

function refundWords(refund: CancelledOrderRefund | null): string[] {
  if (!refund) return ["Nothing was charged for this order, so there is nothing to pay and nothing to refund."];
  const amount = formatMoney(refund.amount);
  if (refund.provider === "on-account") return [`The ${amount} charged to your account is credited back to it now.`];
  if (refund.provider === "proforma-invoice") {
    return [`We will transfer the ${amount} you paid back to the account it came from, usually within 5 working days.`];
  }
  return [`We are refunding ${amount} to the card or account you paid with. Your bank usually shows it within 5 to 10 working days.`];
}

/**
 * "Your order was cancelled": by whom (the buyer, the shop, or the payment deadline passing), and whether and
 * how the money comes back. Once per order; the order's link (decision 041) shows it as it now stands.
 */
export function orderCancelledMail(
  context: { storeId: number; storeName: string; orderUrl: string },
  order: { id: number; publicId: string; email: string; firstName: string },
  cancellation: { by: "customer" | "shop" | "unpaid"; refund: CancelledOrderRefund | null },
): OutgoingMail {
  const why = {
    customer: `As you asked, we cancelled your order ${order.publicId}.`,
    shop: `We are sorry: we had to cancel your order ${order.publicId}.`,
    unpaid: `We cancelled your order ${order.publicId} because its payment did not reach us in time.`,
  }[cancellation.by];
  return {
    storeId: context.storeId,
    kind: "order_cancelled",
    recipient: order.email,
    subject: `Your ${context.storeName} order ${order.publicId} was cancelled`,
    actionUrl: context.orderUrl,
    dedupeKey: `order:${order.id}:order_cancelled`,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      why,
      "",
      ...refundWords(cancellation.refund),
      "",
      "See your order at any time:",
      context.orderUrl,
    ].join("\n"),
  };
}

/**
 * What a refund is for, as its mail says it. A capture given back is a payment the order did not need: made on a
 * page left open after the order was cancelled or paid another way, so the order may well stand.
 */
const REFUND_FOR: Record<RefundReason, string> = {
  order_cancelled: "your cancelled order",
  return: "the items you returned",
  capture_given_back: "a payment your order did not need",
  merchant_refund: "your order",
  withdrawal: "the items you withdrew from",
};

/** How a refund comes back, by how the order was paid: to the account, by transfer, or to a card or wallet. */
const REFUND_WAY_BACK: Record<string, string> & { card: string } = {
  "on-account": "It is credited back to your account now.",
  "proforma-invoice": "We have transferred it to the account you paid from; it usually arrives within 1 to 3 working days.",
  card: "It goes back to the card or account you paid with; your bank usually shows it within 5 to 10 working days.",
};

/**
 * "Your refund is on its way": the amount, what it is for (a cancelled order, a return), how it comes back (the
 * way it was paid) and when to expect it, with the order's link. Once per refund.
 */
export function refundIssuedMail(
  context: { storeId: number; storeName: string; orderUrl: string },
  order: { publicId: string; email: string; firstName: string },
  refund: { id: number; amount: { amount: number; currencyCode: string }; provider: string; reason: RefundReason },
): OutgoingMail {
  const amount = formatMoney(refund.amount);
  const forWhat = REFUND_FOR[refund.reason];
  const how = REFUND_WAY_BACK[refund.provider] ?? REFUND_WAY_BACK.card;
  return {
    storeId: context.storeId,
    kind: "refund_issued",
    recipient: order.email,
    subject: `Your ${context.storeName} refund of ${amount} for order ${order.publicId}`,
    actionUrl: context.orderUrl,
    dedupeKey: `refund:${refund.id}:refund_issued`,
    textBody: [
      `Hello ${order.firstName},`,
      "",
      `We have refunded ${amount} for ${forWhat} (order ${order.publicId}).`,
      how,
      "",
      "See your order at any time:",
      context.orderUrl,
    ].join("\n"),
  };
}
