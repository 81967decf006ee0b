import { CONTROL_CHARACTERS_MESSAGE, MAX_BULK_ADD_LINES, MAX_CART_LINE_QUANTITY } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import {
  ADDONS_APPLY_ALL,
  ADDONS_APPLY_FIELD,
  ADDONS_LINE_FIELD,
  addonFieldName,
  lineScope,
  parseAddonChoices,
  parseAddonsForm,
  parseQuantity,
  parseQuickOrderForm,
  QUANTITY_MESSAGE,
  QUICK_ORDER_MAX_LINES,
  sortOutcomes,
} from "./cart-forms";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("parseQuantity", () => {
  it("takes whole numbers from 1 to the cart's maximum, trimmed", () => {
    expect(parseQuantity("1")).toEqual({ ok: true, value: 1 });
    expect(parseQuantity(" 12 ")).toEqual({ ok: true, value: 12 });
    expect(parseQuantity(String(MAX_CART_LINE_QUANTITY))).toEqual({ ok: true, value: MAX_CART_LINE_QUANTITY });
  });

  it("refuses zero (unless allowed), negatives, fractions, huge and non-numeric values with one message", () => {
    for (const value of ["0", "-1", "1.5", "2e3", "1,000", String(MAX_CART_LINE_QUANTITY + 1), "99999999999", "abc", "", " "]) {
      expect(parseQuantity(value), value).toEqual({ ok: false, message: QUANTITY_MESSAGE });
    }
    expect(parseQuantity(null)).toEqual({ ok: false, message: QUANTITY_MESSAGE });
    expect(parseQuantity("0", 0)).toEqual({ ok: true, value: 0 });
  });
});

describe("add-on fields", () => {
  it("keep each cart line's choices apart from the product page's and from other lines'", () => {
    const form = formOf([
      [addonFieldName("", 1), "10"],
      [addonFieldName(lineScope(5), 1), "11"],
      [addonFieldName(lineScope(5), 2), "20"],
      [addonFieldName(lineScope(55), 1), "12"],
    ]);
    expect(parseAddonChoices(form)).toEqual({ ok: true, value: [10] });
    expect(parseAddonChoices(form, lineScope(5))).toEqual({ ok: true, value: [11, 20] });
    expect(parseAddonChoices(form, lineScope(55))).toEqual({ ok: true, value: [12] });
    expect(parseAddonChoices(form, lineScope(6))).toEqual({ ok: true, value: [] });
  });
});

describe("parseAddonsForm", () => {
  const form = (apply: string | null) =>
    formOf([
      ["intent", "addons"],
      [ADDONS_LINE_FIELD, "5"],
      [ADDONS_LINE_FIELD, "6"],
      [addonFieldName(lineScope(5), 1), "11"],
      [addonFieldName(lineScope(6), 1), ""],
      ...(apply === null ? [] : ([[ADDONS_APPLY_FIELD, apply]] as [string, string][])),
    ]);

  it("saves one line when its own button was pressed", () => {
    expect(parseAddonsForm(form("6"))).toEqual({ ok: true, value: { bulk: false, items: [{ lineItemId: 6, addonOptionIds: [] }] } });
    expect(parseAddonsForm(form("5"))).toEqual({ ok: true, value: { bulk: false, items: [{ lineItemId: 5, addonOptionIds: [11] }] } });
  });

  it("saves every listed line for 'Update all add-ons' or a submission without a button, clearing lines with none", () => {
    const all = {
      ok: true,
      value: {
        bulk: true,
        items: [
          { lineItemId: 5, addonOptionIds: [11] },
          { lineItemId: 6, addonOptionIds: [] },
        ],
      },
    };
    expect(parseAddonsForm(form(ADDONS_APPLY_ALL))).toEqual(all);
    expect(parseAddonsForm(form(null))).toEqual(all);
  });

  it("refuses a form that names no line or a malformed one", () => {
    expect(parseAddonsForm(formOf([[ADDONS_APPLY_FIELD, ADDONS_APPLY_ALL]])).ok).toBe(false);
    expect(parseAddonsForm(formOf([[ADDONS_APPLY_FIELD, "x"]])).ok).toBe(false);
  });
});

describe("parseQuickOrderForm", () => {
  it("skips empty rows, defaults an empty quantity to 1 and refuses rows it cannot add", () => {
    const form = formOf([
      ["sku-0", " QB-1 "],
      ["quantity-0", "2"],
      ["sku-1", ""],
      ["quantity-1", ""],
      ["sku-2", "QB-2"],
      ["quantity-2", ""],
      ["sku-3", ""],
      ["quantity-3", "4"],
      ["sku-4", "QB-4"],
      ["quantity-4", "1.5"],
    ]);
    const { requests, rejections } = parseQuickOrderForm(form);
    expect(requests).toEqual([
      { row: 0, sku: "QB-1", quantityText: "2", quantity: 2 },
      { row: 2, sku: "QB-2", quantityText: "", quantity: 1 },
    ]);
    expect(rejections).toEqual([
      { line: { row: 3, sku: "", quantityText: "4" }, message: "Enter the SKU of the item you want." },
      { line: { row: 4, sku: "QB-4", quantityText: "1.5" }, message: QUANTITY_MESSAGE },
    ]);
  });

  it("reads no more rows than the form can have, and no more than one bulk add takes", () => {
    expect(parseQuickOrderForm(formOf([["sku-20", "QB-20"]])).requests).toEqual([]);
    expect(parseQuickOrderForm(formOf([["sku-19", "QB-19"]])).requests).toHaveLength(1);
    expect(QUICK_ORDER_MAX_LINES).toBeLessThanOrEqual(MAX_BULK_ADD_LINES);
  });

  it("refuses a SKU with control characters on its own row, rather than letting it sink the whole order", () => {
    const { requests, rejections } = parseQuickOrderForm(
      formOf([
        ["sku-0", "QB\u00001"],
        ["sku-1", "QB-2"],
      ]),
    );
    expect(requests.map((request) => request.sku)).toEqual(["QB-2"]);
    expect(rejections).toEqual([{ line: { row: 0, sku: "QB\u00001", quantityText: "" }, message: CONTROL_CHARACTERS_MESSAGE }]);
  });
});

describe("sortOutcomes", () => {
  it("reports rows in the order they were typed", () => {
    const outcome = (row: number) => ({ row, sku: `S${row}`, quantityText: "", added: row % 2 === 0, message: "" });
    expect(sortOutcomes([outcome(3), outcome(0), outcome(2)]).map((entry) => entry.row)).toEqual([0, 2, 3]);
  });
});
