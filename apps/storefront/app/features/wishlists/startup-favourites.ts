import type { WishlistSummary } from "@quire/contracts";

/** The favourites the shell needs on every page: the lists (for the selection dialog) and the saved variants. */
export interface StartupFavourites {
  lists: WishlistSummary[];
  /** Every variant in any list, so each favourite toggle knows whether it is on. */
  variantIds: number[];
}
