import { ORDER_STATUSES } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import {
  isAboutLines,
  readWithdrawalLines,
  toWithdrawalFormErrors,
  withdrawalFormFieldOf,
  withdrawalFormValues,
  withdrawAvailableField,
  withdrawQuantityField,
} from "./withdrawal-form";
import { buyerMayWithdraw, withdrawOrderPath } from "./withdrawal-paths";

/** A posted step 2: each line offered (its id and how many it offered) with the quantity chosen. */
const posted = (lines: [orderLineId: number, available: number, chosen: string][], extra: [string, string][] = []) =>
  [
    ...lines.flatMap(([id, available, chosen]): [string, string][] => [
      [withdrawAvailableField(id), String(available)],
      [withdrawQuantityField(id), chosen],
    ]),
    ...extra,
  ] as [string, string][];

describe("readWithdrawalLines", () => {
  it("reads every line chosen in full as the whole order", () => {
    expect(
      readWithdrawalLines(
        posted([
          [11, 2, "2"],
          [12, 1, "1"],
        ]),
      ),
    ).toEqual({
      lines: [
        { orderLineId: 11, quantity: 2 },
        { orderLineId: 12, quantity: 1 },
      ],
      everything: true,
      errors: [],
    });
  });

  it("reads a line kept (0 or empty) or a lower quantity as part of the order, leaving out what is kept", () => {
    expect(
      readWithdrawalLines(
        posted([
          [11, 2, "2"],
          [12, 1, "0"],
        ]),
      ),
    ).toEqual({
      lines: [{ orderLineId: 11, quantity: 2 }],
      everything: false,
      errors: [],
    });
    expect(
      readWithdrawalLines(
        posted([
          [11, 2, " 1 "],
          [12, 1, ""],
        ]),
      ),
    ).toEqual({
      lines: [{ orderLineId: 11, quantity: 1 }],
      everything: false,
      errors: [],
    });
  });

  it("passes on more than a line offers, for the API to refuse beside it, and never calls that the whole order", () => {
    expect(readWithdrawalLines(posted([[11, 2, "3"]]))).toEqual({
      lines: [{ orderLineId: 11, quantity: 3 }],
      everything: false,
      errors: [],
    });
  });

  it("refuses a quantity that is not a whole number beside its line", () => {
    const read = readWithdrawalLines(
      posted([
        [11, 2, "1.5"],
        [12, 1, "-1"],
        [13, 1, "1"],
      ]),
    );
    expect(read.lines).toEqual([{ orderLineId: 13, quantity: 1 }]);
    expect(read.everything).toBe(false);
    expect(read.errors).toEqual([
      { code: "invalid_input", message: "Enter how many to withdraw from, 0 or more.", field: "quantity-11" },
      { code: "invalid_input", message: "Enter how many to withdraw from, 0 or more.", field: "quantity-12" },
    ]);
  });

  it("asks for at least one item when every line is kept", () => {
    expect(
      readWithdrawalLines(
        posted([
          [11, 2, "0"],
          [12, 1, "0"],
        ]),
      ),
    ).toEqual({
      lines: [],
      everything: false,
      errors: [{ code: "invalid_input", message: "Choose at least one item to withdraw from.", field: "lines" }],
    });
    expect(readWithdrawalLines([]).errors.map((error) => error.field)).toEqual(["lines"]);
  });

  it("reads only the lines offered, each once", () => {
    const read = readWithdrawalLines(
      posted(
        [[11, 1, "1"]],
        [
          ["quantity-99", "4"],
          [withdrawAvailableField(11), "5"],
          [withdrawQuantityField(11), "0"],
          ["available-0", "1"],
          ["available-12", "many"],
        ],
      ),
    );
    expect(read).toEqual({ lines: [{ orderLineId: 11, quantity: 1 }], everything: true, errors: [] });
  });
});

describe("withdrawalFormFieldOf and toWithdrawalFormErrors", () => {
  const sent = [
    { orderLineId: 11, quantity: 3 },
    { orderLineId: 12, quantity: 1 },
  ];

  it("puts an error about the Nth line sent beside that line's field", () => {
    expect(withdrawalFormFieldOf("body.lines.0.quantity", sent)).toBe("quantity-11");
    expect(withdrawalFormFieldOf("body.lines.1.orderLineId", sent)).toBe("quantity-12");
    expect(withdrawalFormFieldOf("body.lines.2.quantity", sent)).toBe("lines");
    expect(withdrawalFormFieldOf("body.lines", [])).toBe("lines");
  });

  it("puts the order's number and email beside their fields, and anything else above the form", () => {
    expect(withdrawalFormFieldOf("body.orderNumber", [])).toBe("orderNumber");
    expect(withdrawalFormFieldOf("body.email", [])).toBe("email");
    expect(withdrawalFormFieldOf("body", sent)).toBeUndefined();
    expect(withdrawalFormFieldOf(undefined, sent)).toBeUndefined();
  });

  it("renames the API's fields, and tells errors about the items from those about the order", () => {
    const errors = toWithdrawalFormErrors(
      [
        { code: "withdrawal_quantity_exceeded", message: "At most 2 of Emma can be withdrawn from", field: "body.lines.0.quantity" },
        { code: "order_not_withdrawable", message: "This order is cancelled", field: "body" },
      ],
      sent,
    );
    expect(errors).toEqual([
      { code: "withdrawal_quantity_exceeded", message: "At most 2 of Emma can be withdrawn from", field: "quantity-11" },
      { code: "order_not_withdrawable", message: "This order is cancelled" },
    ]);
    expect(errors.map(isAboutLines)).toEqual([true, false]);
    expect(isAboutLines({ code: "order_not_found", message: "No", field: "orderNumber" })).toBe(false);
  });
});

describe("withdrawalFormValues", () => {
  it("keeps the order's number, email and quantities typed, not the hidden fields", () => {
    expect(
      withdrawalFormValues([
        ["intent", "withdraw"],
        ["orderNumber", "qb-1001"],
        ["email", "ann@example.test"],
        ["token", "1.2.secret"],
        ["available-11", "2"],
        ["quantity-11", "1"],
        ["idempotencyKey", "0f3c9a52-6d7e-4b1a-9e8f-2a1b3c4d5e6f"],
      ]),
    ).toEqual({ orderNumber: "qb-1001", email: "ann@example.test", "quantity-11": "1" });
  });
});

describe("buyerMayWithdraw and withdrawOrderPath", () => {
  it("offers the withdrawal for a paid order, on its way or delivered, as the API allows", () => {
    expect(ORDER_STATUSES.filter(buyerMayWithdraw)).toEqual(["confirmed", "shipped", "delivered"]);
  });

  it("opens one of the customer's orders by its id", () => {
    expect(withdrawOrderPath(42)).toBe("/withdraw?order=42");
  });
});
