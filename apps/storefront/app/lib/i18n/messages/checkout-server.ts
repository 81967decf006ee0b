import { translator, type MessageSet } from "../translator";
import { checkoutMessages } from "./checkout";
import { checkoutPageMessages } from "./checkout-page";

/**
 * The checkout's texts only the server uses: its actions' toasts and refusals (routes/checkout.tsx,
 * checkout-payment-return.ts, features/checkout/checkout-forms*.ts), out of the checkout page's scripts. Its
 * `t` has the checkout's other sets too.
 */
export const checkoutServerMessages = {
  "checkout.form.choose_delivery_option": "Choose a delivery option.",
  "checkout.form.choose_saved_address": "Choose one of your addresses.",
  "checkout.form.choose_payment_method": "Choose how you would like to pay.",
  "checkout.form.order_not_found": "That order could not be found.",
  "checkout.form.check": "Please check the form.",
  "checkout.toast.note_saved": "Your order note has been saved",
  "checkout.toast.code_applied": "Discount code {code} has been applied",
  "checkout.toast.removed": "Removed from your basket",
  "checkout.toast.updated": "Basket updated",
  "checkout.toast.paid": "Thank you: your payment has been received",
  "checkout.toast.payment_on_its_way": "Thank you: your payment is on its way",
  "checkout.toast.no_payment": "No payment has been started for this order.",
  "checkout.toast.not_reached": "Your payment has not reached us yet.",
  "checkout.toast.pending": "Your payment is on its way: we will email you as soon as it has reached us.",
  "checkout.toast.left_payment": "You left the payment page before paying. Choose how to pay.",
  "checkout.toast.payment_failed": "Your payment did not go through. Choose how to pay, or try again.",
} as const satisfies MessageSet;

export const t = /* @__PURE__ */ translator({ ...checkoutMessages, ...checkoutPageMessages, ...checkoutServerMessages });
