import { describe, expect, it } from "vitest";
import { backInStockConfirmation, parseBackInStockForm } from "./back-in-stock";

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe("parseBackInStockForm", () => {
  it("needs a valid email from an anonymous visitor, lower-cased and trimmed", () => {
    expect(parseBackInStockForm(formOf({ productVariantId: "7", email: " Ann@Example.COM " }), false)).toEqual({
      ok: true,
      productVariantId: 7,
      email: "ann@example.com",
    });
    expect(parseBackInStockForm(formOf({ productVariantId: "7", email: "" }), false)).toEqual({
      ok: false,
      email: "",
      message: "Enter your email address.",
      field: "email",
    });
    expect(parseBackInStockForm(formOf({ productVariantId: "7", email: "ann@" }), false)).toMatchObject({ ok: false, email: "ann@", field: "email" });
  });

  it("takes no email from a signed-in customer (their account's is used)", () => {
    expect(parseBackInStockForm(formOf({ productVariantId: "7", email: "ignored" }), true)).toEqual({ ok: true, productVariantId: 7 });
  });

  it("refuses a variant id that is not one", () => {
    for (const productVariantId of ["", "0", "-3", "1.5", "x", "99999999999"]) {
      expect(parseBackInStockForm(formOf({ productVariantId, email: "ann@example.com" }), false), productVariantId).toMatchObject({
        ok: false,
        field: "productVariantId",
      });
    }
  });
});

describe("backInStockConfirmation", () => {
  it("tells a visitor to confirm from their inbox, and a customer that it is done", () => {
    expect(backInStockConfirmation({ status: "confirmation_sent", email: "ann@example.com" })).toBe(
      "Check your inbox at ann@example.com and confirm the link we've sent: then we'll email you once when it's back in stock.",
    );
    expect(backInStockConfirmation({ status: "subscribed", email: "ann@example.com" })).toBe("We'll email ann@example.com as soon as it's back in stock.");
  });
});
