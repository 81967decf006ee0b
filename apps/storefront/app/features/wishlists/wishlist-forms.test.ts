import { describe, expect, it } from "vitest";
import { t } from "~/features/i18n/translate";
import {
  AddItemFormSchema,
  CreateListFormSchema,
  parseWishlistForm,
  readIntent,
  RemoveItemFormSchema,
  RenameListFormSchema,
} from "./wishlist-forms";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("the favourites forms", () => {
  it("reads a new list's name, trimmed", () => {
    expect(parseWishlistForm(CreateListFormSchema, form({ intent: "create", name: "  Birthdays " }))).toEqual({
      ok: true,
      value: { intent: "create", name: "Birthdays" },
    });
  });

  it("refuses a blank or overlong name, naming the field", () => {
    expect(parseWishlistForm(CreateListFormSchema, form({ intent: "create", name: "   " }))).toEqual({
      ok: false,
      problem: { field: "name", message: "Give the list a name" },
    });
    const long = parseWishlistForm(RenameListFormSchema, form({ intent: "rename", wishlistId: "3", name: "x".repeat(101) }));
    expect(long).toEqual({ ok: false, problem: { field: "name", message: "Use at most 100 characters" } });
  });

  it("needs a chosen list to save an item (spec section 5), with the quantity defaulting to 1", () => {
    const missing = parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId: "12" }));
    expect(missing).toEqual({ ok: false, problem: { field: "wishlistId", message: t("wishlists.select.choose_list_error") } });
    const empty = parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId: "12", wishlistId: "" }));
    expect(empty).toEqual({ ok: false, problem: { field: "wishlistId", message: t("wishlists.select.choose_list_error") } });

    expect(parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId: "12", wishlistId: "5" }))).toEqual({
      ok: true,
      value: { intent: "add", variantId: 12, wishlistId: 5, quantity: 1 },
    });
    expect(parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId: "12", wishlistId: "5", quantity: "3" }))).toMatchObject({
      ok: true,
      value: { quantity: 3 },
    });
  });

  it("refuses ids and quantities that are not positive whole numbers", () => {
    for (const variantId of ["0", "-1", "1.5", "abc", "99999999999"]) {
      expect(parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId, wishlistId: "5" })).ok, variantId).toBe(false);
    }
    for (const quantity of ["0", "2.5", "ten", "100000"]) {
      expect(parseWishlistForm(AddItemFormSchema, form({ intent: "add", variantId: "1", wishlistId: "5", quantity })).ok, quantity).toBe(
        false,
      );
    }
    expect(parseWishlistForm(RemoveItemFormSchema, form({ intent: "remove-item", wishlistId: "5", itemId: "x" }))).toMatchObject({
      ok: false,
      problem: { field: "itemId" },
    });
  });

  it("reads the intent, or nothing when there is none", () => {
    expect(readIntent(form({ intent: "delete" }))).toBe("delete");
    expect(readIntent(form({}))).toBe("");
  });
});
