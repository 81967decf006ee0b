import { describe, expect, it } from "vitest";
import {
  QUANTITY_MESSAGE,
  readReturnLines,
  returnableItems,
  returnFormFieldOf,
  returnFormValues,
  returnQuantityField,
  toReturnFormErrors,
} from "./return-form";

const posted = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("returnableItems", () => {
  const items = [
    { id: 1, returnableQuantity: 2 },
    { id: 2, returnableQuantity: 0 },
    { id: 3, returnableQuantity: 1 },
  ] as Parameters<typeof returnableItems>[0]["items"];

  it("offers the lines with something left to return while the window is open", () => {
    expect(returnableItems({ returnableUntil: "2026-06-01T00:00:00.000Z", items }).map((item) => item.id)).toEqual([1, 3]);
  });

  it("offers nothing once the window has closed (or before delivery)", () => {
    expect(returnableItems({ returnableUntil: null, items })).toEqual([]);
  });
});

describe("readReturnLines", () => {
  it("reads each line with a quantity above 0, in the order posted, and leaves 0 or empty lines out", () => {
    const form = posted([
      ["intent", "return-items"],
      [returnQuantityField(12), "2"],
      [returnQuantityField(7), "0"],
      [returnQuantityField(9), " 1 "],
      [returnQuantityField(4), ""],
      ["reason", "damaged"],
    ]);
    expect(readReturnLines(form)).toEqual({
      lines: [
        { orderLineId: 12, quantity: 2 },
        { orderLineId: 9, quantity: 1 },
      ],
      errors: [],
    });
  });

  it("refuses a quantity that is not a whole number beside its line", () => {
    for (const value of ["-1", "1.5", "two", "1e2", "123456"]) {
      expect(readReturnLines(posted([[returnQuantityField(3), value]])), value).toEqual({
        lines: [],
        errors: [{ code: "invalid_input", message: QUANTITY_MESSAGE, field: returnQuantityField(3) }],
      });
    }
  });

  it("reads a line posted twice once, and ignores fields that only look like quantities", () => {
    const form = posted([
      [returnQuantityField(5), "1"],
      [returnQuantityField(5), "3"],
      ["quantity-0", "1"],
      ["quantity-abc", "1"],
      ["quantity-", "1"],
    ]);
    expect(readReturnLines(form).lines).toEqual([{ orderLineId: 5, quantity: 1 }]);
  });
});

describe("returnFormFieldOf", () => {
  const sent = [
    { orderLineId: 31, quantity: 1 },
    { orderLineId: 17, quantity: 4 },
  ];

  it("puts a line's error beside the line it names by its place in the call", () => {
    expect(returnFormFieldOf("body.lines.1.quantity", sent)).toBe(returnQuantityField(17));
    expect(returnFormFieldOf("body.lines.0.orderLineId", sent)).toBe(returnQuantityField(31));
    // A line the call did not send (it cannot happen, but never a wrong line): the list as a whole.
    expect(returnFormFieldOf("body.lines.5.quantity", sent)).toBe("lines");
    expect(returnFormFieldOf("body.lines", sent)).toBe("lines");
  });

  it("keeps the form's own fields and leaves the rest to the message above the form", () => {
    expect(returnFormFieldOf("body.reason", sent)).toBe("reason");
    expect(returnFormFieldOf("body.resolution", sent)).toBe("resolution");
    expect(returnFormFieldOf("body.comment", sent)).toBe("comment");
    expect(returnFormFieldOf("body.orderId", sent)).toBeUndefined();
    expect(returnFormFieldOf(undefined, sent)).toBeUndefined();
  });
});

describe("toReturnFormErrors", () => {
  it("renames each API field to the form's, and leaves an error about anything else without a field", () => {
    const sent = [{ orderLineId: 8, quantity: 3 }];
    expect(
      toReturnFormErrors(
        [
          { code: "return_quantity_exceeded", message: "At most 1 of this item can be returned", field: "body.lines.0.quantity" },
          { code: "order_not_returnable", message: "Items can be returned within 30 days of delivery", field: "body.orderId" },
        ],
        sent,
      ),
    ).toEqual([
      { code: "return_quantity_exceeded", message: "At most 1 of this item can be returned", field: returnQuantityField(8) },
      { code: "order_not_returnable", message: "Items can be returned within 30 days of delivery" },
    ]);
  });
});

describe("returnFormValues", () => {
  it("keeps the choices, the comment and each line's quantity, and nothing else", () => {
    const form = posted([
      ["intent", "return-items"],
      ["idempotencyKey", "key-key-key-key-key"],
      ["reason", "damaged"],
      ["resolution", "refund"],
      ["comment", "Torn cover"],
      [returnQuantityField(2), "1"],
      [returnQuantityField(2), "9"],
    ]);
    expect(returnFormValues(form)).toEqual({
      reason: "damaged",
      resolution: "refund",
      comment: "Torn cover",
      [returnQuantityField(2)]: "1",
    });
  });
});
