import type { Order } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { OutgoingMail } from "../mail/mail.service";

/**
 * The order confirmation (issue 8): sent once the order is paid (or accepted on account), with its lines,
 * totals, addresses and delivery option, and a link back to it. Plain text, as every Quire email.
 */
export function orderConfirmationMail(
  context: { storeId: number; storeName: string; storefrontUrl: string },
  order: Order & { firstName: string },
): OutgoingMail {
  const price = (value: { amount: number; currencyCode: string }) => formatMoney(value);
  const actionUrl = `${context.storefrontUrl}/successful-order/${order.id}`;
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
