import { useRootData } from "~/features/layout/root-data";
import type { WishlistSummary } from "@quire/contracts";

/** The favourites the shell needs on every page: the lists (for the selection dialog) and the saved variants. */
export interface StartupFavourites {
  lists: WishlistSummary[];
  /** Every variant in any list, so each favourite toggle knows whether it is on. */
  variantIds: number[];
}

/**
 * The signed-in customer's lists and saved variants, loaded at start-up by the root (spec section 2);
 * null for an anonymous visitor. The root reloads them after every favourites action, so they stay true.
 */
export function useFavourites(): StartupFavourites | null {
  return useRootData()?.favourites ?? null;
}
