import { MAX_CART_LINE_QUANTITY } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-intents.server";
import { QUANTITY_MESSAGE } from "./cart-forms";
import { AddToCartFormSchema, ChangeQuantityFormSchema, QuickOrderFormSchema, ShownNoticesFormSchema } from "./cart-forms.server";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};
const messageOf = (parsed: ReturnType<typeof parseForm>) => (parsed.ok ? null : parsed.errors[0]?.message);
const KEY = "0b6f7c9e-4a53-4d0e-9a57-3c1f4b8d2e61-42";

describe("the Add to basket form", () => {
  it("reads the variant, the quantity and the key the form was rendered with", () => {
    const form = formOf([
      ["productVariantId", "42"],
      ["quantity", " 3 "],
      ["idempotencyKey", KEY],
      ["redirectTo", "/store"],
    ]);
    expect(parseForm(form, AddToCartFormSchema)).toEqual({ ok: true, value: { productVariantId: 42, quantity: 3, idempotencyKey: KEY } });
  });

  it("adds one when the form has no quantity field (a product card), and adds without a key it has none of", () => {
    expect(parseForm(formOf([["productVariantId", "5"]]), AddToCartFormSchema)).toEqual({
      ok: true,
      value: { productVariantId: 5, quantity: 1, idempotencyKey: undefined },
    });
    expect(
      parseForm(
        formOf([
          ["productVariantId", "5"],
          ["idempotencyKey", "short"],
        ]),
        AddToCartFormSchema,
      ),
    ).toMatchObject({
      ok: true,
      value: { idempotencyKey: undefined },
    });
  });

  it("refuses a bad variant or quantity with the shopper's message", () => {
    for (const variant of ["x", "0", "1.5", "99999999999"]) {
      expect(messageOf(parseForm(formOf([["productVariantId", variant]]), AddToCartFormSchema)), variant).toBe(
        "That item is not in the shop's catalogue.",
      );
    }
    expect(messageOf(parseForm(formOf([]), AddToCartFormSchema))).toBe("That item is not in the shop's catalogue.");
    for (const quantity of ["0", "-1", "1.5", "2e3", "", String(MAX_CART_LINE_QUANTITY + 1)]) {
      expect(
        messageOf(
          parseForm(
            formOf([
              ["productVariantId", "5"],
              ["quantity", quantity],
            ]),
            AddToCartFormSchema,
          ),
        ),
        quantity,
      ).toBe(QUANTITY_MESSAGE);
    }
  });
});

describe("the cart page's forms", () => {
  it("take a line's quantity down to 0 (removal) but not below", () => {
    expect(
      parseForm(
        formOf([
          ["lineItemId", "9"],
          ["quantity", "0"],
        ]),
        ChangeQuantityFormSchema,
      ),
    ).toEqual({ ok: true, value: { lineItemId: 9, quantity: 0 } });
    expect(
      messageOf(
        parseForm(
          formOf([
            ["lineItemId", "9"],
            ["quantity", "-1"],
          ]),
          ChangeQuantityFormSchema,
        ),
      ),
    ).toBe(QUANTITY_MESSAGE);
  });

  it("read the quick order's key", () => {
    expect(
      parseForm(
        formOf([
          ["idempotencyKey", KEY],
          ["sku-0", "EMMA"],
        ]),
        QuickOrderFormSchema,
      ),
    ).toEqual({ ok: true, value: { idempotencyKey: KEY } });
  });
});

describe("the shown notices", () => {
  const notice = { lineItemId: 4, code: "price_changed", message: "The price of Emma (Paperback) has changed from £8.99 to £9.99." };
  const noticesOf = (value: string | null) => parseForm(formOf(value === null ? [] : [["notices", value]]), ShownNoticesFormSchema);

  it("reads the notices a page was given, as the cart answered them", () => {
    const removed = { lineItemId: null, code: "item_removed", message: "Gone." };
    expect(noticesOf(JSON.stringify([notice, removed]))).toEqual({ ok: true, value: { notices: [notice, removed] } });
  });

  it("refuses anything else: no field, not JSON, no notice, an unknown code or key, too long", () => {
    const refused = [
      null,
      "",
      "{",
      "[]",
      "{}",
      JSON.stringify([{ ...notice, code: "out_of_stock" }]),
      JSON.stringify([{ ...notice, extra: 1 }]),
      "x".repeat(200_001),
    ];
    for (const value of refused) expect(noticesOf(value).ok, String(value).slice(0, 20)).toBe(false);
  });
});
