import type { Order } from "@quire/contracts";
import { formatDate } from "@quire/contracts/dates";
import { addressLines, lineName, renderOrderPdf } from "./order-pdf";

/**
 * A packing slip: what goes in the parcel and where it goes, for whoever packs it and for the buyer who opens it.
 * The order's number and date, the delivery address, and each line's title, variant, SKU and quantity (add-ons
 * under their line); no prices, so it may travel with a gift. Laid out as every order document is (order-pdf.ts).
 */
export function renderPackingSlip(input: { storeName: string; order: Order & { customerName: string } }): Promise<Buffer> {
  const { order, storeName } = input;
  return renderOrderPdf({ title: `Packing slip ${order.publicId}`, author: storeName }, (doc, { left, right, width }) => {
    doc.font("Helvetica-Bold").fontSize(20).text(storeName);
    doc.moveDown(0.3).font("Helvetica").fontSize(14).text("Packing slip");
    doc.moveDown().fontSize(10);
    doc.text(`Order ${order.publicId}`);
    doc.text(`Placed ${formatDate(new Date(order.placedAt))}`);
    doc.moveDown();
    doc.font("Helvetica-Bold").text("Deliver to");
    doc.font("Helvetica").text(order.customerName, { width: width / 2 });
    doc.text(addressLines(order.deliveryAddress.formattedAddress), { width: width / 2 });
    doc.text(`Delivery: ${order.deliveryOption.name}`);
    doc.moveDown();

    // Item and SKU on the left, the quantity on the right.
    const row = (text: string, quantity: string, options: { bold?: boolean; indent?: number } = {}) => {
      const y = doc.y;
      doc.font(options.bold ? "Helvetica-Bold" : "Helvetica");
      doc.text(text, left + (options.indent ?? 0), y, { width: width - 80 - (options.indent ?? 0) });
      const after = doc.y;
      doc.text(quantity, right - 60, y, { width: 60, align: "right" });
      doc.y = Math.max(after, doc.y);
    };
    row("Item", "Quantity", { bold: true });
    doc.moveDown(0.3);
    for (const item of order.items) {
      row(`${lineName(item)}  SKU ${item.sku}`, String(item.quantity));
      for (const addon of item.addons) row(`+ ${addon.name}`, "", { indent: 16 });
    }
    doc.moveDown();
    doc.x = left;
    const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
    doc
      .fontSize(9)
      .text(`${units} item${units === 1 ? "" : "s"} in ${order.items.length} line${order.items.length === 1 ? "" : "s"}.`, { width });
  });
}
