import { describe, expect, it } from "vitest";
import { z } from "zod";
import { IdParamSchema, IdSchema, intParamSchema, queryArraySchema, textSchema } from "./common";
import { INT32_MAX, isPrintableText, MULTILINE_TEXT, SINGLE_LINE_TEXT } from "./constants";

describe("ids and counts", () => {
  it("stop at what a PostgreSQL integer column holds", () => {
    expect(IdSchema.safeParse(INT32_MAX).success).toBe(true);
    for (const value of [INT32_MAX + 1, 2 ** 53 - 1, 0, -1, 1.5, Number.NaN])
      expect(IdSchema.safeParse(value).success, String(value)).toBe(false);
    expect(IdParamSchema.parse("2147483647")).toBe(INT32_MAX);
    for (const value of ["2147483648", "1e400", "1.5", "", "abc"]) expect(IdParamSchema.safeParse(value).success, value).toBe(false);
  });

  it("never allow more than INT32_MAX, whatever the caller asks for", () => {
    expect(intParamSchema(0, Number.MAX_SAFE_INTEGER).safeParse(String(INT32_MAX + 1)).success).toBe(false);
    expect(intParamSchema(1, 10).safeParse("11").success).toBe(false);
  });
});

describe("textSchema", () => {
  const name = textSchema({ trim: true, min: 1, max: 10 });

  it("refuses NUL, other control characters and lone surrogates", () => {
    for (const value of ["a\u0000b", "a\u0001", "\u001b[31m", "a\u007f", "a\u0085", "a\nb", "a\tb", "\ud800"]) {
      expect(name.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("accepts any other unicode, and line breaks and tabs only in multiline text", () => {
    for (const value of ["Zoë", "日本語", "📚 books", "עברית", "e\u0301"]) expect(name.safeParse(value).success, value).toBe(true);
    const paragraph = textSchema({ max: 100, multiline: true });
    expect(paragraph.safeParse("line one\r\nline two\tend").success).toBe(true);
    expect(paragraph.safeParse("line\u0000").success).toBe(false);
  });

  it("refuses a huge text by its length alone, without reading it for control characters", () => {
    // 8 MB with a NUL at its end: only the length is reported, the character check never ran on it.
    for (const schema of [textSchema({ max: 100 }), textSchema({ trim: true, max: 100, multiline: true })]) {
      const issues = schema.safeParse(`${"a\n".repeat(4_000_000)}\u0000`).error?.issues;
      expect(issues?.map((issue) => issue.code)).toEqual(["too_big"]);
    }
  });

  it("checks characters in time linear in the text, whatever it holds (no backtracking into alternatives)", () => {
    // The old multiline pattern, a group of alternatives repeated, overflowed the regular-expression stack on
    // a field this size; one character class repeated reads each character once and keeps no stack.
    const started = Date.now();
    for (const text of ["a\n".repeat(4_000_000), "é\r\n".repeat(2_000_000), `${"a\t".repeat(4_000_000)}\u0000`]) {
      expect(isPrintableText(text, { multiline: true })).toBe(!text.endsWith("\u0000"));
      expect(isPrintableText(text)).toBe(false);
    }
    expect(MULTILINE_TEXT.source).not.toMatch(/[|(]/);
    expect(SINGLE_LINE_TEXT.source).not.toMatch(/[|(]/);
    // Generous for a shared CI machine: a linear scan of 24 MB takes tens of milliseconds.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("allows exactly tab, line feed and carriage return of the control characters in multiline text", () => {
    const allowed = [];
    for (let code = 0; code <= 0xa0; code++) if (isPrintableText(`a${String.fromCharCode(code)}b`, { multiline: true })) allowed.push(code);
    expect(allowed.filter((code) => code < 0x20 || (code >= 0x7f && code <= 0x9f))).toEqual([0x09, 0x0a, 0x0d]);
    expect(allowed).toContain(0x20);
    expect(allowed).toContain(0xa0);
    expect(isPrintableText("\ud800", { multiline: true })).toBe(false);
  });

  it("counts length after trimming and names the problem", () => {
    expect(name.parse("  Ada  ")).toBe("Ada");
    expect(name.safeParse("   ").success).toBe(false);
    expect(name.safeParse("x".repeat(11)).error?.issues[0]?.message).toBe("Use at most 10 characters");
  });

  it("agrees with isPrintableText, which forms use before sending", () => {
    expect(isPrintableText("Ada")).toBe(true);
    expect(isPrintableText("A\u0000")).toBe(false);
    expect(isPrintableText("a\nb")).toBe(false);
    expect(isPrintableText("a\nb", { multiline: true })).toBe(true);
  });
});

describe("queryArraySchema", () => {
  const query = z.object({ Skus: queryArraySchema(textSchema({ min: 1, max: 20 }), { min: 1, max: 3 }).optional() });

  it("reads a single value as a one-item array, as a generated client sends it", () => {
    expect(query.parse({ Skus: "QB-1" })).toEqual({ Skus: ["QB-1"] });
    expect(query.parse({ Skus: ["QB-1", "QB-2"] })).toEqual({ Skus: ["QB-1", "QB-2"] });
    expect(query.parse({})).toEqual({});
  });

  it("still checks each item and the count", () => {
    expect(query.safeParse({ Skus: "QB\u0000" }).success).toBe(false);
    expect(query.safeParse({ Skus: ["a", "b", "c", "d"] }).success).toBe(false);
    expect(query.safeParse({ Skus: [] }).success).toBe(false);
  });
});
