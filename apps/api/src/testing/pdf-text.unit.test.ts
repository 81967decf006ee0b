import { describe, expect, it } from "vitest";
import { pdfShownText } from "./pdf-text";

const hex = (text: string) => Buffer.from(text, "latin1").toString("hex");

describe("pdfShownText", () => {
  it("reads the text the TJ operators show, in order, and not the trailer's random document ID", () => {
    const pdf = [
      "%PDF-1.3",
      `BT 1 0 0 -1 50 60 Tm /F1 12 Tf [<${hex("Packing")}> 0 <${hex(" slip")}> -20] TJ ET`,
      `BT [<${hex("Order QB-1")}> 0] TJ ET`,
      `trailer << /ID [<a3b2c1> <a3b2c1>] >>`,
    ].join("\n");
    expect(pdfShownText(Buffer.from(pdf, "latin1"))).toBe("Packing slipOrder QB-1");
  });

  it("refuses what is not a PDF", () => {
    expect(() => pdfShownText(Buffer.from("<html>", "latin1"))).toThrow("Not a PDF");
  });
});
