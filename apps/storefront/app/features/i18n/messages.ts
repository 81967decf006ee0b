/**
 * The en-GB message set (the only locale, spec section 1). Keys follow the spec where it names them
 * (section 8: error.{status}_title/_desc/_action, wishlists.*); texts the spec quotes are kept verbatim.
 */
export const messages = {
  // Error page (spec sections 2 and 8). {path} is filled for 404s.
  "error.generic_title": "Something went wrong",
  "error.generic_desc": "We couldn't show this page. Please try again, or carry on browsing the shop.",
  "error.generic_action": "Go to the shop",
  "error.400_title": "That request didn't look right",
  "error.400_desc": "Something in the address or the form wasn't valid. Please check it and try again.",
  "error.400_action": "Go to the shop",
  "error.401_title": "Please sign in",
  "error.401_desc": "You need to be signed in to see this page.",
  "error.401_action": "Go to the shop",
  "error.403_title": "You can't open this page",
  "error.403_desc": "Your account doesn't have access to this page.",
  "error.403_action": "Go to the shop",
  "error.404_title": "We couldn't find that page",
  "error.404_desc": "Page Not Found: {path}",
  "error.404_action": "Browse the shop",
  "error.500_title": "Something went wrong on our side",
  "error.500_desc": "We've noted the problem. Please try again in a moment.",
  "error.500_action": "Back to the home page",
  // A form another site submitted with the shopper's cookies (lib/cross-site.ts), refused with a 403.
  "error.cross_site_title": "This form came from another site",
  "error.cross_site_desc":
    "To keep your basket and account safe, the shop only accepts forms sent from its own pages, so nothing was changed. Please go back to the shop and try again there.",
  "error.cross_site_action": "Go to the shop",

  // Toasts (spec section 8), verbatim.
  "toast.delivery_address_saved": "Delivery address has been saved",
  "toast.billing_address_saved": "Billing address has been saved",
  "toast.customer_information_saved": "Customer information has been saved",
  "toast.delivery_option_saved": "Delivery option has been saved",
  "toast.discount_code_removed": "Discount code was successfully removed!",
  "toast.order_created": "Order has been successfully created",
  "toast.added_to_cart": "Product has been successfully added to the cart",
  "toast.addons_updated": "Add-ons updated successfully",
  "toast.preferences_saved": "Prices are now shown in {currency} for delivery to {country}.",
  "checkout.terms_not_accepted": "Please accept the terms and conditions to proceed with the order.",
  "checkout.free_delivery": "Free delivery",

  // Wishlists (spec sections 2 and 8), for the favourites issue.
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
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof messages;
