/**
 * The text a PDF made by pdfkit shows, in order: pdfkit writes it as hex strings in WinAnsi, uncompressed, the
 * operands of TJ operators. Only those: the trailer's document ID is a hex string too, of random bytes, which read
 * as text would put a "£" or a "T" in one run of a few.
 */
export function pdfShownText(payload: Buffer): string {
  const pdf = payload.toString("latin1");
  if (!pdf.startsWith("%PDF-")) throw new Error(`Not a PDF: ${pdf.slice(0, 40)}`);
  const operands = [...pdf.matchAll(/\[((?:<[0-9a-f]+>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map((match) => match[1]!);
  return operands
    .flatMap((shown) => [...shown.matchAll(/<([0-9a-f]+)>/g)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")))
    .join("");
}
