import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError } from "./api.server";
import { handleProductForm, OptionalMoneyField, OptionsField, TierPricesField } from "./products-forms.server";

describe("the product page's fields", () => {
  it("reads an amount as minor units, an empty one as not given, and refuses anything else", () => {
    expect(OptionalMoneyField.parse("12.5")).toBe(1250);
    expect(OptionalMoneyField.parse(" ")).toBeUndefined();
    expect(OptionalMoneyField.safeParse("£12").success).toBe(false);
  });

  it("reads a variant's options, one a line, its code made from its name", () => {
    expect(OptionsField.parse("Format: Hardback\r\n\nCover colour: Sea: green")).toEqual([
      { code: "format", name: "Format", value: "Hardback" },
      { code: "cover-colour", name: "Cover colour", value: "Sea: green" },
    ]);
    expect(OptionsField.safeParse("Hardback").success).toBe(false);
  });

  it("reads quantity breaks, one a line, from 2 up", () => {
    expect(TierPricesField.parse("10 = 8.50\n25=7")).toEqual([
      { minQuantity: 10, amount: 850 },
      { minQuantity: 25, amount: 700 },
    ]);
    expect(TierPricesField.parse("")).toEqual([]);
    expect(TierPricesField.safeParse("1 = 8.50").success).toBe(false);
    expect(TierPricesField.safeParse("ten = 8.50").success).toBe(false);
  });
});

describe("a product form's refusal", () => {
  it("names its form and puts the API's field errors beside the form's fields, by their element ids", async () => {
    const answer = await handleProductForm(
      { sku: "A-1" },
      z.object({ sku: z.string() }),
      { form: "variant-12", prefix: "v12-", rename: { isbn: "isbn-field" } },
      async () => {
        throw new ApiRequestError(409, [
          { code: "sku_taken", message: "Another variant has this SKU", field: "body.sku" },
          { code: "isbn_taken", message: "Another variant has this ISBN", field: "body.isbn" },
        ]);
      },
    );
    expect(answer).toMatchObject({
      data: {
        form: "variant-12",
        errors: { fields: { "v12-sku": "Another variant has this SKU", "v12-isbn-field": "Another variant has this ISBN" }, form: [] },
        values: { "v12-sku": "A-1" },
      },
      init: { status: 409 },
    });
  });

  it("gives a form with an idempotency key a new one when it is refused", async () => {
    const answer = await handleProductForm(
      { createKey: "old" },
      z.object({ createKey: z.string(), name: z.string() }),
      { form: "new", renewKey: "createKey" },
      async () => null,
    );
    expect(answer).toMatchObject({ data: { form: "new", errors: { fields: { name: expect.any(String) } } } });
    expect((answer as { data: { values: Record<string, string> } }).data.values.createKey).not.toBe("old");
  });
});
