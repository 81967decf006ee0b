import type PDFKit from "pdfkit";

/*
 * How the shop's order documents (the proforma invoice, the packing slip) are laid out: A4, pdfkit's built-in
 * Helvetica, so no font ships with them. Streams are left uncompressed: a document is a few kilobytes, and its text
 * stays searchable by tools that read PDFs without inflating them (the tests among them). pdfkit is loaded on the
 * first document, not when the API starts: importing it reads and inflates its font data, a quarter of a second of
 * every start.
 */

/** Where a document's text may go: its left and right edges and the width between. */
export interface PageFrame {
  left: number;
  right: number;
  width: number;
}

/** Renders one A4 document: `draw` writes on it; answers its bytes once pdfkit has finished it. */
export async function renderOrderPdf(
  info: { title: string; author: string },
  draw: (doc: PDFKit.PDFDocument, frame: PageFrame) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, compress: false, info: { Title: info.title, Author: info.author } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const right = doc.page.width - doc.page.margins.right;
  draw(doc, { left: doc.page.margins.left, right, width: right - doc.page.margins.left });
  doc.end();
  return done;
}

/** An address on a document reads one part to a line, as on an envelope. */
export function addressLines(formatted: string): string {
  return formatted.split(", ").join("\n");
}

/** An order line's name as a document prints it: the product, with its variant when that says more. */
export function lineName(item: { productName: string; variantName: string | null }): string {
  return item.variantName && item.variantName !== item.productName ? `${item.productName} (${item.variantName})` : item.productName;
}
