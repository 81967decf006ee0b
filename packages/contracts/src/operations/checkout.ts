import type { Operation } from "./operation";
import { ChangeCartQuantityBodySchema, RemoveCartLinesBodySchema, SetCartAddonsBulkBodySchema, SetCartLineAddonsBodySchema } from "../cart";
import {
  BillingAddressBodySchema,
  CheckoutFieldsBodySchema,
  CheckoutQuerySchema,
  CheckoutSummaryResponseSchema,
  CustomerInfoBodySchema,
  DeliveryAddressBodySchema,
  DeliveryOptionBodySchema,
  DeliveryOptionsResponseSchema,
  DiscountCodeBodySchema,
} from "../checkout";

/** The checkout (decision 024), and the basket's own changes made from the checkout page. */
export const checkoutOperations = {
  // Checkout (decision 024).
  getCheckoutSummary: {
    method: "GET",
    path: "/baskets/checkout/summary",
    query: CheckoutQuerySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutCustomerInfo: {
    method: "PUT",
    path: "/baskets/checkout/customer-info",
    body: CustomerInfoBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutDeliveryAddress: {
    method: "PUT",
    path: "/baskets/checkout/delivery-address",
    body: DeliveryAddressBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutBillingAddress: {
    method: "PUT",
    path: "/baskets/checkout/billing-address",
    body: BillingAddressBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  listCheckoutDeliveryOptions: {
    method: "GET",
    path: "/baskets/checkout/delivery/available-options",
    query: CheckoutQuerySchema,
    response: DeliveryOptionsResponseSchema,
  },
  setCheckoutDeliveryOption: {
    method: "PUT",
    path: "/baskets/checkout/delivery/options",
    body: DeliveryOptionBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  applyCheckoutDiscountCode: {
    method: "PUT",
    path: "/baskets/checkout/discount-codes",
    body: DiscountCodeBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  removeCheckoutDiscountCode: {
    method: "DELETE",
    path: "/baskets/checkout/discount-codes",
    body: DiscountCodeBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  // The basket's own changes, made from the checkout page: the cart's bodies, the summary as the answer.
  setCheckoutLineQuantity: {
    method: "PUT",
    path: "/baskets/checkout/products/quantity",
    body: ChangeCartQuantityBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  removeCheckoutLines: {
    method: "DELETE",
    path: "/baskets/checkout/products",
    body: RemoveCartLinesBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutLineAddons: {
    method: "PUT",
    path: "/baskets/checkout/products/addons",
    body: SetCartLineAddonsBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutAddonsBulk: {
    method: "PUT",
    path: "/baskets/checkout/products/addons/bulk",
    body: SetCartAddonsBulkBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutFields: {
    method: "PUT",
    path: "/baskets/checkout/customers-fields",
    body: CheckoutFieldsBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
} as const satisfies Record<string, Operation>;
