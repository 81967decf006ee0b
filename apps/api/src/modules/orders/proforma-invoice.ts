import type { Order } from "@quire/contracts";
import { formatDate } from "@quire/contracts/dates";
import { formatMoney } from "@quire/money";
import type { BankTransferDetails } from "../stores/stores.service";
import { addressLines, lineName, renderOrderPdf } from "./order-pdf";

/**
 * A proforma invoice (issue 8): what the buyer owes for an order, and where to transfer it, with the order's
 * number as the payment reference. Laid out as every order document is (order-pdf.ts).
 */
export async function renderProformaInvoice(input: {
  storeName: string;
  order: Order & { customerName: string };
  bank: BankTransferDetails;
  dueBy: Date | null;
  issuedAt: Date;
}): Promise<Buffer> {
  const { order, bank, storeName } = input;
  return renderOrderPdf({ title: `Proforma invoice ${order.publicId}`, author: storeName }, (doc, { left, right, width }) => {
    const price = (value: { amount: number; currencyCode: string }) => formatMoney(value);

    doc.font("Helvetica-Bold").fontSize(20).text(storeName);
    doc.moveDown(0.3).font("Helvetica").fontSize(14).text("Proforma invoice");
    doc.moveDown().fontSize(10);
    doc.text(`Order ${order.publicId}`);
    doc.text(`Issued ${formatDate(input.issuedAt)}`);
    if (input.dueBy) doc.text(`Please pay by ${formatDate(input.dueBy)}`);
    doc.moveDown();
    doc.font("Helvetica-Bold").text("Bill to");
    doc.font("Helvetica").text(addressLines(order.billingAddress.formattedAddress), { width: width / 2 });
    doc.moveDown(0.5).font("Helvetica-Bold").text("Deliver to");
    doc.font("Helvetica").text(addressLines(order.deliveryAddress.formattedAddress), { width: width / 2 });
    doc.moveDown();

    // The lines: quantity, item, amount; add-ons indented under their item.
    const row = (text: string, amount: string, options: { bold?: boolean; indent?: number } = {}) => {
      const y = doc.y;
      doc.font(options.bold ? "Helvetica-Bold" : "Helvetica");
      doc.text(text, left + (options.indent ?? 0), y, { width: width - 110 - (options.indent ?? 0) });
      const after = doc.y;
      doc.text(amount, right - 100, y, { width: 100, align: "right" });
      doc.y = Math.max(after, doc.y);
    };
    for (const item of order.items) {
      row(`${item.quantity} × ${lineName(item)}  ${item.sku}`, price(item.total));
      for (const addon of item.addons) row(`+ ${addon.name}, ${price(addon.unitPrice)} each`, "", { indent: 16 });
    }
    doc.moveDown(0.5);
    row("Subtotal", price(order.subTotal));
    for (const discount of order.discountCodes) row(`Discount ${discount.code}`, `-${price(discount.amount)}`);
    row(`Delivery: ${order.deliveryOption.name}`, order.deliveryCharge.amount === 0 ? "Free" : price(order.deliveryCharge));
    if (!order.taxes.included) row("Tax", price(order.taxes.amount));
    row("Total to pay", price(order.grandTotal), { bold: true });
    if (order.taxes.included) row(`Includes VAT of ${price(order.taxes.amount)}`, "");
    doc.moveDown();

    doc.x = left;
    doc.font("Helvetica-Bold").text("Pay by bank transfer");
    doc.font("Helvetica");
    for (const line of bankTransferLines(bank, order.publicId)) doc.text(line);
    doc.moveDown();
    doc
      .fontSize(9)
      .text(`Please use the reference ${order.publicId} so we can match your payment. We dispatch your order when it arrives.`, {
        width,
      });
  });
}

/**
 * What a buyer needs to pay by bank transfer, a line each ("Sort code: 12-34-56"), the order's number as the
 * reference: the same lines on the proforma invoice and in the mail that sends it. Details the shop has not
 * given are left out.
 */
export function bankTransferLines(bank: BankTransferDetails, reference: string): string[] {
  const details: [string, string | undefined][] = [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Sort code", bank.sortCode],
    ["Account number", bank.accountNumber],
    ["IBAN", bank.iban],
    ["BIC", bank.bic],
    ["Reference", reference],
  ];
  return details.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}
