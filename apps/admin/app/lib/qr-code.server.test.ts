import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-code.server";

describe("a QR code's path", () => {
  it("draws one unit square for each dark module, and none for a light one, on the code's whole grid", () => {
    const text = "otpauth://totp/Quire%20Books:owner%40shop.example?secret=JBSWY3DPEHPK3PXP&issuer=Quire%20Books";
    const { size, path } = qrPath(text);
    const { data } = encode(text, { ecc: "M", border: 4 });
    expect(size).toBe(data.length);
    const squares = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`);
    const dark = data.flatMap((row, y) => row.flatMap((isDark, x) => (isDark ? [`${x},${y}`] : [])));
    expect(squares).toEqual(dark);
    expect(path.replace(/M\d+ \d+h1v1h-1z/g, "")).toBe("");
    // The quiet zone is light: nothing drawn in the four outer rows and columns.
    expect(
      squares.every((square) =>
        square
          .split(",")
          .map(Number)
          .every((n) => n >= 4 && n < size - 4),
      ),
    ).toBe(true);
  });
});
