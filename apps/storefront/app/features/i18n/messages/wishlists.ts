import { translator, type MessageSet } from "../translator";

/** Favourites lists (spec sections 2 and 8: the wishlists.* keys it names). */
export const wishlistsMessages = {
  "wishlists.list.deleted_message": "The list has been deleted",
  "wishlists.list.delete_confirm_title": "Delete this list?",
  "wishlists.list.delete_confirm_message": "The list and everything saved in it will be removed. This can't be undone.",
  "wishlists.list.delete_confirm_button": "Delete list",
  "wishlists.item.added_to_wishlist": "Saved to your favourites",
  "wishlists.item.removed_from_wishlist": "Removed from your favourites",
  "wishlists.items.removed_message": "{count} items removed from your favourites",
  "wishlists.items.none_selected": "Tick the items to remove first",
  "wishlists.select.title": "Save to a list",
  "wishlists.select.subtitle": "Choose which of your favourites lists to save this book to.",
  "wishlists.select.save": "Save",
  "wishlists.select.cancel": "Cancel",
  "wishlists.select.choose_list_error": "Choose a list to save it to.",
  "wishlists.select.no_lists": "You have no lists yet. Create one below.",
  "wishlists.list.created_message": 'List "{name}" created',
  "wishlists.list.renamed_message": 'List renamed to "{name}"',
} as const satisfies MessageSet;

export const t = translator(wishlistsMessages);
