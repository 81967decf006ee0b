// The checkout page's form intents (see lib/form-intents.ts, whose INTENT_FIELD they are posted in).

/**
 * /checkout: each step's form (customer information, the addresses, the delivery option, the order note), the
 * order summary's forms (a line's quantity or removal, a discount code), placing the order, and paying it.
 */
export const CHECKOUT_INTENTS = {
  customerInfo: "customer-info",
  deliveryAddress: "delivery-address",
  savedDeliveryAddress: "saved-delivery-address",
  billingAddress: "billing-address",
  savedBillingAddress: "saved-billing-address",
  billingSameAsDelivery: "billing-same-as-delivery",
  deliveryOption: "delivery-option",
  orderNote: "order-note",
  applyDiscount: "apply-discount",
  removeDiscount: "remove-discount",
  quantity: "quantity",
  remove: "remove",
  placeOrder: "place-order",
  pay: "pay",
  refreshPayment: "refresh-payment",
} as const;
