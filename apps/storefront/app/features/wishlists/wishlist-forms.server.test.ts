import { describe, expect, it } from "vitest";
import { t } from "~/lib/i18n/translate";
import { parseForm } from "~/lib/form-intents.server";
import { firstProblem } from "./wishlist-forms";
import {
  AddItemFormSchema,
  CreateListFormSchema,
  RemoveItemFormSchema,
  RemoveItemsFormSchema,
  RenameListFormSchema,
} from "./wishlist-forms.server";

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(key, one);
  return data;
}

/** The problem a favourites page shows for a refused form, or null when the form was valid. */
function problemOf(parsed: ReturnType<typeof parseForm>) {
  return parsed.ok ? null : firstProblem(parsed.errors);
}

describe("the favourites forms", () => {
  it("reads a new list's name, trimmed", () => {
    expect(parseForm(form({ intent: "create", name: "  Birthdays " }), CreateListFormSchema)).toEqual({
      ok: true,
      value: { name: "Birthdays" },
    });
  });

  it("refuses a blank or overlong name, naming the field", () => {
    expect(problemOf(parseForm(form({ name: "   " }), CreateListFormSchema))).toEqual({ field: "name", message: "Give the list a name" });
    const long = parseForm(form({ wishlistId: "3", name: "x".repeat(101) }), RenameListFormSchema);
    expect(problemOf(long)).toEqual({ field: "name", message: "Use at most 100 characters" });
  });

  it("needs a chosen list to save an item, with the quantity defaulting to 1", () => {
    const chooseList = { field: "wishlistId", message: t("wishlists.select.choose_list_error") };
    expect(problemOf(parseForm(form({ variantId: "12" }), AddItemFormSchema))).toEqual(chooseList);
    expect(problemOf(parseForm(form({ variantId: "12", wishlistId: "" }), AddItemFormSchema))).toEqual(chooseList);
    expect(parseForm(form({ variantId: "12", wishlistId: "5" }), AddItemFormSchema)).toEqual({
      ok: true,
      value: { variantId: 12, wishlistId: 5, quantity: 1 },
    });
    expect(parseForm(form({ variantId: "12", wishlistId: "5", quantity: "3" }), AddItemFormSchema)).toMatchObject({
      ok: true,
      value: { quantity: 3 },
    });
  });

  it("refuses ids and quantities that are not positive whole numbers", () => {
    for (const variantId of ["0", "-1", "1.5", "abc", "99999999999"]) {
      expect(parseForm(form({ variantId, wishlistId: "5" }), AddItemFormSchema).ok, variantId).toBe(false);
    }
    for (const quantity of ["0", "2.5", "ten", "100000"]) {
      expect(parseForm(form({ variantId: "1", wishlistId: "5", quantity }), AddItemFormSchema).ok, quantity).toBe(false);
    }
    expect(problemOf(parseForm(form({ wishlistId: "5", itemId: "x" }), RemoveItemFormSchema))).toMatchObject({ field: "itemId" });
  });

  it("reads every ticked item of 'Remove selected', and needs one", () => {
    expect(parseForm(form({ itemId: ["4", "9"] }), RemoveItemsFormSchema)).toEqual({ ok: true, value: { itemId: [4, 9] } });
    expect(problemOf(parseForm(form({}), RemoveItemsFormSchema))).toEqual({ field: "itemId", message: t("wishlists.items.none_selected") });
  });
});
