import { describe, expect, it } from "vitest";
import { codesOf, highlight, isbnOf, MAX_SEARCH_WORDS, searchWords } from "./search-text";

describe("searchWords", () => {
  it("lower-cases and splits at anything but letters and digits, keeping accents", () => {
    expect(searchWords("  The Salt-Marsh MURDERS! (2nd ed.) Brontë ")).toEqual(["the", "salt", "marsh", "murders", "2nd", "ed", "brontë"]);
    expect(searchWords("a & b | !c:*")).toEqual(["a", "b", "c"]);
    expect(searchWords("!!! '' \\")).toEqual([]);
  });

  it("keeps at most MAX_SEARCH_WORDS words of at most 40 letters", () => {
    expect(searchWords("w ".repeat(20))).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("x".repeat(100))[0]).toHaveLength(40);
  });
});

describe("isbnOf and codesOf", () => {
  it("reads an ISBN-13 or ISBN-10 with or without hyphens and spaces, as ISBN-13 digits", () => {
    for (const text of ["9780141439471", "978-0-14-143947-1", "978 0 14 143947 1", "0141439475", "0-14-143947-5"]) {
      expect(isbnOf(text), text).toBe("9780141439471");
    }
    expect(isbnOf("080442957X")).toBe("9780804429573");
  });

  it("refuses a wrong check digit or length", () => {
    for (const text of ["9780141439472", "0141439476", "978014143947", "97801414394711", "frankenstein"])
      expect(isbnOf(text), text).toBeNull();
  });

  it("takes a word with a digit or a hyphen as a SKU, in upper case; plain words and phrases are no code", () => {
    expect(codesOf("qb-000042-hb")).toEqual(["QB-000042-HB"]);
    expect(codesOf("fr-pb")).toEqual(["FR-PB"]);
    expect(codesOf("978-0-14-143947-1")).toEqual(["9780141439471"]);
    expect(codesOf("frankenstein")).toEqual([]);
    expect(codesOf("great expectations 2")).toEqual([]);
  });
});

describe("highlight", () => {
  it("marks the beginning of each label word that a search word begins, case and accents aside", () => {
    expect(highlight("The Frankenstein Chronicles", ["frank", "chron"])).toEqual([
      { text: "The ", match: false },
      { text: "Frank", match: true },
      { text: "enstein ", match: false },
      { text: "Chron", match: true },
      { text: "icles", match: false },
    ]);
    expect(highlight("Émile Zola", ["emi"])).toEqual([
      { text: "Émi", match: true },
      { text: "le Zola", match: false },
    ]);
  });

  it("marks the longest matching word, never inside a word, and leaves a label without matches whole", () => {
    expect(highlight("Harbour Lights", ["h", "harbour"])).toEqual([
      { text: "Harbour", match: true },
      { text: " Lights", match: false },
    ]);
    expect(highlight("Midnight Train", ["night"])).toEqual([{ text: "Midnight Train", match: false }]);
    expect(highlight("", ["a"])).toEqual([]);
  });
});
