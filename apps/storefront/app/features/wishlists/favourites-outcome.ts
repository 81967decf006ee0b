import type { ToastMessage } from "~/components/ui/toast";

/**
 * What a favourites action answers a script (the toggle and the selection dialog submit with fetchers):
 * the toast to show and, for a list created from the dialog, the new list so it can be chosen.
 */
export type FavouritesOutcome =
  | { ok: true; toast: ToastMessage; createdWishlist?: { id: number; name: string } }
  /** A failure: its message as an error toast, and the form field it concerns when there is one. */
  | { ok: false; toast: ToastMessage; field?: string };
