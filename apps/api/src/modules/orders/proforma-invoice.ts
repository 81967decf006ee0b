import type { Order } from "@quire/contracts";
import { formatDate } from "@quire/contracts/dates";
import { formatMoney } from "@quire/money";
import type { BankTransferDetails } from "../stores/stores.service";

/**
 * A proforma invoice (issue 8): what the buyer owes for an order, and where to transfer it, with the order's
 * number as the payment reference. Laid out by pdfkit with its built-in Helvetica, so no font ships with it.
 * Streams are left uncompressed: the document is a few kilobytes, and its text stays searchable by tools
 * that read PDFs without inflating them (the tests among them). pdfkit is loaded on the first invoice, not when
 * the API starts: importing it reads and inflates its font data, a quarter of a second of every start.
 */
export async function renderProformaInvoice(input: {
  storeName: string;
  order: Order & { customerName: string };
  bank: BankTransferDetails;
  dueBy: Date | null;
  issuedAt: Date;
}): Promise<Buffer> {
  const { order, bank, storeName } = input;
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: false,
    info: { Title: `Proforma invoice ${order.publicId}`, Author: storeName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const price = (value: { amount: number; currencyCode: string }) => formatMoney(value);
  const right = doc.page.width - doc.page.margins.right;
  const width = right - doc.page.margins.left;

  doc.font("Helvetica-Bold").fontSize(20).text(storeName);
  doc.moveDown(0.3).font("Helvetica").fontSize(14).text("Proforma invoice");
  doc.moveDown().fontSize(10);
  doc.text(`Order ${order.publicId}`);
  doc.text(`Issued ${formatDate(input.issuedAt)}`);
  if (input.dueBy) doc.text(`Please pay by ${formatDate(input.dueBy)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Bill to");
  // An address on a document reads one part to a line, as on an envelope.
  const lines = (formatted: string) => formatted.split(", ").join("\n");
  doc.font("Helvetica").text(lines(order.billingAddress.formattedAddress), { width: width / 2 });
  doc.moveDown(0.5).font("Helvetica-Bold").text("Deliver to");
  doc.font("Helvetica").text(lines(order.deliveryAddress.formattedAddress), { width: width / 2 });
  doc.moveDown();

  // The lines: quantity, item, amount; add-ons indented under their item.
  const row = (left: string, amount: string, options: { bold?: boolean; indent?: number } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(left, doc.page.margins.left + (options.indent ?? 0), y, { width: width - 110 - (options.indent ?? 0) });
    const after = doc.y;
    doc.text(amount, right - 100, y, { width: 100, align: "right" });
    doc.y = Math.max(after, doc.y);
  };
  for (const item of order.items) {
    const name = item.variantName && item.variantName !== item.productName ? `${item.productName} (${item.variantName})` : item.productName;
    row(`${item.quantity} × ${name}  ${item.sku}`, price(item.total));
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

  doc.x = doc.page.margins.left;
  doc.font("Helvetica-Bold").text("Pay by bank transfer");
  doc.font("Helvetica");
  for (const line of bankTransferLines(bank, order.publicId)) doc.text(line);
  doc.moveDown();
  doc.fontSize(9).text(`Please use the reference ${order.publicId} so we can match your payment. We dispatch your order when it arrives.`, {
    width,
  });
  doc.end();
  return done;
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
