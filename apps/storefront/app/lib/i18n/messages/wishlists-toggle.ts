import { translator, type MessageSet } from "../translator";

/** The heart on every product card and product page (features/wishlists/favourite-toggle.tsx): its few words only. */
export const wishlistsToggleMessages = {
  "wishlists.toggle.sign_in_label": "Sign in to save {name} to your favourites",
  "wishlists.toggle.sign_in": "Sign in to save to favourites",
  "wishlists.toggle.remove_label": "Remove {name} from favourites",
  "wishlists.toggle.save_label": "Save {name} to favourites",
  "wishlists.toggle.remove": "Remove from favourites",
  "wishlists.toggle.save": "Save to favourites",
} as const satisfies MessageSet;

export const t = translator(wishlistsToggleMessages);
