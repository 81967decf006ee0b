import { encode } from "uqr";
import type { QrDrawing } from "~/components/qr-code";

/**
 * Encodes `text` as a QR code (error correction M, the standard four-module quiet zone), on the server: the page
 * draws the answer, so the encoder never ships to the browser. The path has one unit square per dark module.
 */
export function qrPath(text: string): QrDrawing {
  const { size, data } = encode(text, { ecc: "M", border: 4 });
  const squares: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: squares.join("") };
}
