import type { StartupFavourites } from "./startup-favourites";

/**
 * What a favourite toggle offers:
 * - "sign-in": an anonymous visitor is sent to sign in and back;
 * - "resolve-first": a signed-in customer whose favourites were not loaded (the root skips them while the
 *   API would refuse their calls, e.g. a privacy policy to accept) follows the page version of the dialog,
 *   which the root detours through the page that unblocks them and which then saves as usual;
 * - "saved" / "not-saved": the heart removes the variant from its lists, or opens the selection dialog.
 */
export type FavouriteToggleMode = "sign-in" | "resolve-first" | "saved" | "not-saved";

export function getFavouriteToggleMode(input: {
  signedIn: boolean;
  favourites: StartupFavourites | null;
  variantId: number;
  /** True while a removal is on its way: the heart already shows it gone. */
  removing: boolean;
}): FavouriteToggleMode {
  const { signedIn, favourites, variantId, removing } = input;
  if (!favourites) return signedIn ? "resolve-first" : "sign-in";
  return favourites.variantIds.includes(variantId) && !removing ? "saved" : "not-saved";
}
