import { BulkEditVariantsBodySchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { changedRows, outcomesOf } from "./bulk-edit.server";

/** A grid's form: each row's typed fields beside what the page showed (`was…`). */
function grid(rows: Record<number, Record<string, string>>): FormData {
  const form = new FormData();
  for (const [id, fields] of Object.entries(rows))
    for (const [field, value] of Object.entries(fields)) form.append(`rows[${id}].${field}`, value);
  return form;
}
const shown = { wasPrice: "10.00", wasSale: "", wasStock: "5" };

describe("the bulk edit grid's form", () => {
  it("sends only the rows that changed, as the API's rows, in one valid body", () => {
    const { send, refused } = changedRows(
      grid({
        1: { ...shown, price: "12.50", sale: "", stock: "8" },
        2: { ...shown, price: "10.00", sale: "7.99", stock: "3" },
        3: { ...shown, price: "10.00", sale: "", stock: "5" },
        4: { ...shown, price: "10.00", sale: "", stock: "5", wasPublished: "false", published: "on" },
        5: { ...shown, price: "10.00", sale: "", stock: "5", wasPublished: "true" },
      }),
      "GBP",
    );
    expect(refused.size).toBe(0);
    expect(send).toEqual([
      { variantId: 1, prices: { GBP: { amount: 1250 } }, stockQuantity: 8 },
      { variantId: 2, prices: { GBP: { amount: 799, original: 1000 } }, stockQuantity: 3 },
      { variantId: 4, published: true },
      { variantId: 5, published: false },
    ]);
    expect(BulkEditVariantsBodySchema.safeParse({ rows: send }).success).toBe(true);
  });

  it("refuses a row beside its field, and does not send it", () => {
    const { send, refused } = changedRows(
      grid({
        1: { ...shown, price: "10.00", sale: "", stock: "-1" },
        2: { ...shown, price: "10.00", sale: "12.00", stock: "5" },
        3: { ...shown, price: "ten", sale: "", stock: "5" },
        4: { ...shown, price: "11.00", sale: "", stock: "5" },
      }),
      "GBP",
    );
    expect(send).toEqual([{ variantId: 4, prices: { GBP: { amount: 1100 } } }]);
    expect(Object.fromEntries(refused)).toEqual({
      1: { saved: false, messages: ["Enter the stock as a whole number, 0 or more"], fields: ["stock"] },
      2: { saved: false, messages: ["A sale price is lower than the price"], fields: ["sale"] },
      3: { saved: false, messages: ["Enter the price as an amount, such as 12.50"], fields: ["price"] },
    });
  });

  it("reads the API's answer per row, each error beside the input it names", () => {
    const outcomes = outcomesOf([
      { variantId: 1, ok: true },
      { variantId: 2, ok: false, errors: [{ code: "product_archived", message: "The product is archived" }] },
      { variantId: 3, ok: false, errors: [{ code: "currency_not_supported", message: "Not sold in USD", field: "prices.USD" }] },
    ]);
    expect(Object.fromEntries(outcomes)).toEqual({
      1: { saved: true },
      2: { saved: false, messages: ["The product is archived"], fields: [] },
      3: { saved: false, messages: ["Not sold in USD"], fields: ["price"] },
    });
  });
});
