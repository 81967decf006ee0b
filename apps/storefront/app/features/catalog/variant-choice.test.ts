import { describe, expect, it } from "vitest";
import { chooseVariant, isMalformedVariantParam, variantOptionName } from "./variant-choice";

const variants = [
  { id: 11, isMaster: false, options: [{ code: "format", name: "Format", value: "Paperback" }] },
  { id: 12, isMaster: true, options: [{ code: "format", name: "Format", value: "Hardback" }] },
];

describe("chooseVariant", () => {
  it("shows the master variant when none is asked for", () => {
    expect(chooseVariant(variants, null).id).toBe(12);
  });

  it("shows the variant asked for", () => {
    expect(chooseVariant(variants, "11").id).toBe(11);
  });

  it("falls back to the master for an id the product does not have", () => {
    expect(chooseVariant(variants, "99").id).toBe(12);
  });

  it("falls back to the first variant when none is the master", () => {
    expect(
      chooseVariant(
        [
          { id: 5, isMaster: false },
          { id: 6, isMaster: false },
        ],
        null,
      ).id,
    ).toBe(5);
  });

  it.each(["", "abc", "0", "-1", "1.5", "011", "12345678901"])("calls %j malformed", (param) => {
    expect(isMalformedVariantParam(param)).toBe(true);
  });

  it("accepts no value and whole ids", () => {
    expect(isMalformedVariantParam(null)).toBe(false);
    expect(isMalformedVariantParam("147")).toBe(false);
  });
});

describe("variantOptionName", () => {
  it("names the option all variants share", () => {
    expect(variantOptionName(variants)).toBe("Format");
  });

  it("says Edition when the variants name different options or none", () => {
    expect(variantOptionName([...variants, { options: [{ code: "size", name: "Size", value: "Large" }] }])).toBe("Edition");
    expect(variantOptionName([{ options: [] }, { options: [] }])).toBe("Edition");
  });
});
