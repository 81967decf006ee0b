import { translator, type MessageSet } from "../translator";

/** Toasts. The checkout's and the basket's success wordings are fixed by the product: keep them word for word. */
export const toastMessages = {
  "toast.delivery_address_saved": "Delivery address has been saved",
  "toast.billing_address_saved": "Billing address has been saved",
  "toast.customer_information_saved": "Customer information has been saved",
  "toast.delivery_option_saved": "Delivery option has been saved",
  "toast.discount_code_removed": "Discount code was successfully removed!",
  "toast.order_created": "Order has been successfully created",
  "toast.added_to_cart": "Product has been successfully added to the cart",
  "toast.addons_updated": "Add-ons updated successfully",
  "toast.preferences_saved": "Prices are now shown in {currency} for delivery to {country}.",
} as const satisfies MessageSet;

export const t = translator(toastMessages);
