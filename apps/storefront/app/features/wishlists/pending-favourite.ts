/** What the shopper chose to favourite, held while the selection dialog is open, cleared when it closes. */
export interface PendingFavourite {
  productName: string;
  variantId: number;
  quantity: number;
}

export interface FavouriteSelectionState {
  /** Set while the selection dialog is open; null when it is closed. */
  pending: PendingFavourite | null;
  /** The list chosen in the dialog; none at first, so Save starts disabled: a list must be chosen. */
  wishlistId: number | null;
}

export type FavouriteSelectionEvent =
  | { type: "favourite"; item: PendingFavourite }
  | { type: "choose-list"; wishlistId: number }
  /** A list created from the dialog is chosen straight away. */
  | { type: "list-created"; wishlistId: number }
  | { type: "added" }
  | { type: "cancelled" };

export const CLOSED_SELECTION: FavouriteSelectionState = { pending: null, wishlistId: null };

/**
 * The selection dialog's state: favouriting stores the pending product, quantity and variant and opens the
 * dialog; adding or cancelling clears it and closes the dialog. A list is chosen only while it is open.
 */
export function favouriteSelectionReducer(state: FavouriteSelectionState, event: FavouriteSelectionEvent): FavouriteSelectionState {
  switch (event.type) {
    case "favourite":
      return { pending: event.item, wishlistId: null };
    case "choose-list":
    case "list-created":
      return state.pending ? { ...state, wishlistId: event.wishlistId } : state;
    case "added":
    case "cancelled":
      return CLOSED_SELECTION;
  }
}

/** Save needs an open dialog and a chosen list. */
export function canSaveSelection(state: FavouriteSelectionState): boolean {
  return state.pending !== null && state.wishlistId !== null;
}
