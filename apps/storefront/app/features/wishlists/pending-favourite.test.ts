import { describe, expect, it } from "vitest";
import { canSaveSelection, CLOSED_SELECTION, favouriteSelectionReducer, type FavouriteSelectionState } from "./pending-favourite";

const item = { productName: "The Gift of Days", variantId: 42, quantity: 1 };

function run(...events: Parameters<typeof favouriteSelectionReducer>[1][]): FavouriteSelectionState {
  return events.reduce(favouriteSelectionReducer, CLOSED_SELECTION);
}

describe("the favourite selection state", () => {
  it("starts closed, with nothing to save", () => {
    expect(CLOSED_SELECTION).toEqual({ pending: null, wishlistId: null });
    expect(canSaveSelection(CLOSED_SELECTION)).toBe(false);
  });

  it("stores the pending product, variant and quantity when the shopper favourites, with no list chosen yet", () => {
    const state = run({ type: "favourite", item });
    expect(state).toEqual({ pending: item, wishlistId: null });
    expect(canSaveSelection(state)).toBe(false);
  });

  it("can save once a list is chosen", () => {
    const state = run({ type: "favourite", item }, { type: "choose-list", wishlistId: 7 });
    expect(state.wishlistId).toBe(7);
    expect(canSaveSelection(state)).toBe(true);
  });

  it("chooses a list created from the dialog", () => {
    const state = run({ type: "favourite", item }, { type: "choose-list", wishlistId: 7 }, { type: "list-created", wishlistId: 9 });
    expect(state).toEqual({ pending: item, wishlistId: 9 });
  });

  it("clears everything when the item was added", () => {
    expect(run({ type: "favourite", item }, { type: "choose-list", wishlistId: 7 }, { type: "added" })).toEqual(CLOSED_SELECTION);
  });

  it("clears everything when the shopper cancels", () => {
    expect(run({ type: "favourite", item }, { type: "choose-list", wishlistId: 7 }, { type: "cancelled" })).toEqual(CLOSED_SELECTION);
  });

  it("ignores a list choice while the dialog is closed", () => {
    expect(run({ type: "choose-list", wishlistId: 7 })).toEqual(CLOSED_SELECTION);
    expect(run({ type: "list-created", wishlistId: 7 })).toEqual(CLOSED_SELECTION);
  });

  it("forgets the previous list when another product is favourited", () => {
    const other = { productName: "Another", variantId: 43, quantity: 2 };
    const state = run(
      { type: "favourite", item },
      { type: "choose-list", wishlistId: 7 },
      { type: "cancelled" },
      { type: "favourite", item: other },
    );
    expect(state).toEqual({ pending: other, wishlistId: null });
  });
});
