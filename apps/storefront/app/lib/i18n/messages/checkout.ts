import { translator, type MessageSet } from "../translator";

/** The checkout's texts; the terms message is a fixed wording (docs/storefront-behaviour/checkout.md). */
export const checkoutMessages = {
  "checkout.terms_not_accepted": "Please accept the terms and conditions to proceed with the order.",
  "checkout.free_delivery": "Free delivery",
  // The checkout layout's stepper (features/checkout/checkout-stepper.tsx).
  "checkout.steps.label": "Checkout progress",
  "checkout.steps.step_of": "Step {step} of {count}: ",
  "checkout.steps.done": " (done)",
  "checkout.steps.details": "Your details",
  "checkout.steps.delivery": "Delivery",
  "checkout.steps.payment_method": "Payment method",
  "checkout.steps.payment": "Payment",
  "checkout.steps.confirmation": "Confirmation",
} as const satisfies MessageSet;

export const t = translator(checkoutMessages);
