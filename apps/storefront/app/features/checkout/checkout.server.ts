import {
  hasErrorCode,
  type CheckoutFieldsBody,
  type CheckoutSummary,
  type CustomerInfoBody,
  type DeliveryOption,
  type LatestPayment,
  type Order,
  type Payment,
  type PaymentProviderId,
} from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { anonymousIdOf } from "~/features/cart/cart.server";
import { ApiRequestError, createApiClient, UNEXPECTED_RESPONSE } from "~/lib/api.server";
import { apiContext, callerContext, sessionContext } from "~/lib/context.server";
import { getCurrentCustomer, isSignedIn } from "~/features/auth/auth.server";
import { savedAddressKey, type SavedAddressOption } from "./checkout-forms";
import type { AddressInput } from "./checkout-forms.server";
import type { CreatedOrder, CustomerCredits, OrderSummary, PaymentProvider } from "./checkout-types";
import type { LastOrder } from "./last-order.server";

/*
 * The storefront's side of the checkout, order and payment calls (decisions 024 and 025).
 * A guest's calls carry the anonymousId of their basket (the quire_cart cookie); a signed-in customer's follow
 * the token. Every amount shown is the API's: nothing here adds, taxes or discounts.
 */

type Context = Readonly<RouterContextProvider>;

const api = (context: Context) => context.get(apiContext);

/**
 * The checkout summary of the visitor's basket; null when there is no basket to check out (a guest who never
 * added anything, or whose basket has become an order).
 */
export async function getCheckoutSummary(context: Context): Promise<CheckoutSummary | null> {
  const session = context.get(sessionContext);
  if (!session.token && !session.anonymousCartId) return null;
  try {
    return (await api(context).call("getCheckoutSummary", { query: { anonymousId: anonymousIdOf(context) } })).data;
  } catch (error) {
    if (error instanceof ApiRequestError && hasErrorCode(error, "cart_not_found")) return null;
    throw error;
  }
}

/** The delivery options of the delivery address's zone (offered only once there is a delivery address). */
export async function listDeliveryOptions(context: Context): Promise<DeliveryOption[]> {
  const { data } = await api(context).call("listCheckoutDeliveryOptions", { query: { anonymousId: anonymousIdOf(context) } });
  return data.options;
}

/** The payment providers this buyer may use in the shopper's currency. */
export async function listPaymentProviders(context: Context, anonymousId: string | undefined): Promise<PaymentProvider[]> {
  return (await api(context).call("listPaymentProviders", { query: { anonymousId } })).data.paymentProviders;
}

/** A trade customer's credit for paying on account. */
export async function getCustomerCredits(context: Context): Promise<CustomerCredits> {
  return (await api(context).call("getCustomerCredits")).data;
}

/** PUT /baskets/checkout/customer-info. */
export async function saveCustomerInfo(context: Context, info: Omit<CustomerInfoBody, "anonymousId">) {
  await api(context).call("setCheckoutCustomerInfo", { body: { ...info, anonymousId: anonymousIdOf(context) } });
}

/**
 * PUT /baskets/checkout/delivery-address: the API clears the chosen delivery option, to be chosen again for the new
 * address (docs/storefront-behaviour/checkout.md). With `saveToAddressBook`, the API keeps it in the signed-in
 * customer's address book too, in the same call.
 */
export async function saveDeliveryAddress(context: Context, address: AddressInput, options: { saveToAddressBook?: boolean } = {}) {
  const body = { address, anonymousId: anonymousIdOf(context), ...bookOf(context, options) };
  await api(context).call("setCheckoutDeliveryAddress", { body });
}

/** PUT /baskets/checkout/billing-address: an address of its own (kept in the book too, if asked), or "same as delivery". */
export async function saveBillingAddress(
  context: Context,
  billing: { address: AddressInput; saveToAddressBook?: boolean } | { sameAsDelivery: true },
) {
  const body = "sameAsDelivery" in billing ? billing : { address: billing.address, ...bookOf(context, billing) };
  await api(context).call("setCheckoutBillingAddress", { body: { ...body, anonymousId: anonymousIdOf(context) } });
}

/** The address-book flag of an address call: only a signed-in customer has a book to keep it in. */
function bookOf(context: Context, options: { saveToAddressBook?: boolean }) {
  return options.saveToAddressBook && isSignedIn(context) ? { saveToAddressBook: true } : {};
}

/** PUT /baskets/checkout/delivery/options. */
export async function chooseDeliveryOption(context: Context, deliveryZoneOptionId: number) {
  await api(context).call("setCheckoutDeliveryOption", { body: { deliveryZoneOptionId, anonymousId: anonymousIdOf(context) } });
}

/** PUT /baskets/checkout/discount-codes. */
export async function applyDiscountCode(context: Context, discountCode: string) {
  await api(context).call("applyCheckoutDiscountCode", { body: { discountCode, anonymousId: anonymousIdOf(context) } });
}

/** DELETE /baskets/checkout/discount-codes. */
export async function removeDiscountCode(context: Context, discountCode: string) {
  await api(context).call("removeCheckoutDiscountCode", { body: { discountCode, anonymousId: anonymousIdOf(context) } });
}

/** PUT /baskets/checkout/customers-fields: the order note. */
export async function saveOrderNote(context: Context, note: Omit<CheckoutFieldsBody, "anonymousId">) {
  await api(context).call("setCheckoutFields", { body: { ...note, anonymousId: anonymousIdOf(context) } });
}

/** PUT /baskets/checkout/products/quantity. */
export async function changeCheckoutQuantity(context: Context, lineItemId: number, quantity: number) {
  await api(context).call("setCheckoutLineQuantity", { body: { lineItemId, quantity, anonymousId: anonymousIdOf(context) } });
}

/** DELETE /baskets/checkout/products. */
export async function removeCheckoutLine(context: Context, lineItemId: number) {
  await api(context).call("removeCheckoutLines", { body: { lineItemIds: [lineItemId], anonymousId: anonymousIdOf(context) } });
}

/** The order placed, and who may read and pay it: a guest by their basket's anonymousId. */
export interface PlacedOrder {
  order: CreatedOrder;
  anonymousId: string | null;
}

/**
 * POST /orders: the basket becomes an order, once (decision 024). A guest names their basket and the privacy
 * policy the checkout showed them (the form carries it, so placing makes no call to read it); the terms box goes
 * as ticked or not, for the API to judge (docs/storefront-behaviour/checkout.md).
 */
export async function placeOrder(
  context: Context,
  input: { termsAccepted: boolean; privacyPolicyId?: string; paymentProviderId?: PaymentProviderId; idempotencyKey?: string },
): Promise<PlacedOrder> {
  const anonymousId = anonymousIdOf(context) ?? null;
  const { data: order } = await api(context).call("placeOrder", {
    body: {
      anonymousBasketId: anonymousId ?? undefined,
      privacyPolicyId: anonymousId ? input.privacyPolicyId : undefined,
      termsAccepted: input.termsAccepted,
      // The API refuses an order its payment cannot follow (on account beyond the credit left) before making it.
      paymentProviderId: input.paymentProviderId,
    },
    headers: { "idempotency-key": input.idempotencyKey },
  });
  return { order, anonymousId };
}

/**
 * Pays an order with a provider: POST /payments for the order's grand total, with the
 * payment's own Idempotency-Key, then PUT /payments/:id/process, whose answer says what is left for the
 * shopper: a hosted gateway page to go to (`redirectUrl`), or nothing (on account is captured; a proforma
 * invoice waits for the transfer). Processing asks for nothing new when done again: a payment already sent to
 * its gateway is answered as it stands, so a resent form needs no key for it.
 */
export async function payOrder(
  context: Context,
  input: {
    order: Pick<CreatedOrder, "id" | "grandTotal">;
    paymentProviderId: PaymentProviderId;
    anonymousId: string | null;
    idempotencyKey?: string;
  },
): Promise<Payment> {
  const anonymousId = input.anonymousId ?? undefined;
  const { data: created } = await api(context).call("createPayment", {
    body: {
      orderId: input.order.id,
      paymentProviderId: input.paymentProviderId,
      amount: input.order.grandTotal.amount,
      currencyCode: input.order.grandTotal.currencyCode,
      anonymousId,
    },
    headers: { "idempotency-key": input.idempotencyKey },
  });
  const { data: processed } = await api(context).call("processPayment", {
    params: { id: created.publicPaymentId },
    body: { anonymousId },
  });
  return processed;
}

/** POST /payments/refresh: the payment's state as the gateway (or the shop's own rules) has it now. */
export async function refreshPayment(
  context: Context,
  input: { orderId: number; payment: Pick<LatestPayment, "publicPaymentId" | "paymentProviderId">; anonymousId: string | undefined },
): Promise<Payment> {
  const { data } = await api(context).call("refreshPayment", {
    body: {
      orderId: input.orderId,
      paymentId: input.payment.publicPaymentId,
      paymentProviderId: input.payment.paymentProviderId,
      anonymousId: input.anonymousId,
    },
  });
  return data;
}

/**
 * The anonymousId that shows a guest their order: the one kept with the browser's last order when it is this
 * order, else the basket cookie's (the order's basket until the guest starts another). None when signed in.
 */
export function orderAnonymousId(context: Context, orderId: number, lastOrder: LastOrder | null): string | undefined {
  const session = context.get(sessionContext);
  if (session.token) return undefined;
  if (lastOrder?.id === orderId && lastOrder.anonymousId) return lastOrder.anonymousId;
  return session.anonymousCartId ?? undefined;
}

/** GET /orders/:id: the order as its buyer sees it. */
export async function getOrder(context: Context, orderId: number, anonymousId: string | undefined): Promise<Order> {
  return (await api(context).call("getOrder", { params: { id: orderId }, query: { anonymousId } })).data;
}

/** GET /orders/:id/summary: number, status, total and latest payment. */
export async function getOrderSummary(context: Context, orderId: number, anonymousId: string | undefined): Promise<OrderSummary> {
  return (await api(context).call("getOrderSummary", { params: { id: orderId }, query: { anonymousId } })).data;
}

/**
 * Every message of a failed call, for the one failure shown whole: a payment status check
 * (docs/storefront-behaviour/payments.md).
 */
export function wholeErrorOf(error: ApiRequestError): { code: string; message: string } {
  return {
    code: error.errors[0]?.code ?? UNEXPECTED_RESPONSE,
    message: error.errors.map((problem) => problem.message).join(" ") || error.message,
  };
}

/**
 * A signed-in customer's saved addresses as checkout offers them: their own book (defaults first), then their
 * company's shared addresses. Empty for a guest. A trade buyer without a company (403) simply has none of its:
 * that call goes around the page's guarded client, which would read any 403 as "accept the privacy policy first".
 */
export async function loadSavedAddresses(context: Context): Promise<SavedAddressOption[]> {
  if (!isSignedIn(context)) return [];
  const [book, company] = await Promise.all([
    api(context).call("listAddresses"),
    getCurrentCustomer(context).then((customer) =>
      customer?.isTrade
        ? createApiClient({ ...context.get(callerContext), token: context.get(sessionContext).token ?? undefined })
            .call("listCompanyAddresses")
            .then((answer) => answer.data)
            .catch((error: unknown) => {
              if (error instanceof ApiRequestError && error.status === 403) return null;
              throw error;
            })
        : null,
    ),
  ]);
  return [
    ...book.data.addresses.map((address) => ({
      key: savedAddressKey("mine", address.id),
      source: "mine" as const,
      address,
      isDefaultDelivery: address.isDefaultDelivery,
      isDefaultBilling: address.isDefaultBilling,
    })),
    ...(company?.addresses ?? []).map((address) => ({
      key: savedAddressKey("company", address.id),
      source: "company" as const,
      address,
      isDefaultDelivery: false,
      isDefaultBilling: false,
    })),
  ];
}

/** The saved address a checkout form chose, as the checkout calls take it; null when it is not the customer's. */
export async function savedAddressInput(context: Context, key: string): Promise<AddressInput | null> {
  const chosen = (await loadSavedAddresses(context)).find((option) => option.key === key);
  if (!chosen) return null;
  const { firstName, lastName, company, line1, line2, city, region, postcode, countryCode, phone } = chosen.address;
  const address: AddressInput = { firstName, lastName, line1, city, countryCode };
  for (const [field, value] of Object.entries({ company, line2, region, postcode, phone })) {
    if (value) address[field as "company"] = value;
  }
  return address;
}
