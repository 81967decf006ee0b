import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-intents.server";
import { backInStockFormSchema, typedEmail } from "./back-in-stock-forms.server";

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe("the back-in-stock form", () => {
  it("needs a valid email from an anonymous visitor, lower-cased and trimmed", () => {
    expect(parseForm(formOf({ productVariantId: "7", email: " Ann@Example.COM " }), backInStockFormSchema(false))).toEqual({
      ok: true,
      value: { productVariantId: 7, email: "ann@example.com" },
    });
    expect(parseForm(formOf({ productVariantId: "7", email: "" }), backInStockFormSchema(false))).toEqual({
      ok: false,
      errors: [{ code: "invalid_input", field: "email", message: "Enter your email address." }],
    });
    expect(parseForm(formOf({ productVariantId: "7", email: "ann@" }), backInStockFormSchema(false))).toEqual({
      ok: false,
      errors: [{ code: "invalid_input", field: "email", message: "Enter a valid email address, like name@example.com." }],
    });
    expect(typedEmail(formOf({ email: "x".repeat(400) }))).toHaveLength(300);
  });

  it("takes no email from a signed-in customer (their account's is used)", () => {
    expect(parseForm(formOf({ productVariantId: "7", email: "ignored" }), backInStockFormSchema(true))).toEqual({
      ok: true,
      value: { productVariantId: 7, email: undefined },
    });
    // The signed-in customer's form has no email field at all.
    expect(parseForm(formOf({ productVariantId: "7" }), backInStockFormSchema(true))).toEqual({
      ok: true,
      value: { productVariantId: 7, email: undefined },
    });
  });

  it("refuses a variant id that is not one", () => {
    for (const productVariantId of ["", "0", "-3", "1.5", "x", "99999999999"]) {
      const parsed = parseForm(formOf({ productVariantId, email: "ann@example.com" }), backInStockFormSchema(false));
      expect(parsed.ok ? null : parsed.errors[0]?.field, productVariantId).toBe("productVariantId");
    }
  });
});
