import {
  AdminOrderResponseSchema,
  CartResponseSchema,
  CheckoutSummaryResponseSchema,
  CreatedOrderResponseSchema,
  DeliveryOptionsResponseSchema,
  OrderResponseSchema,
  PaymentResponseSchema,
  PrivacyPolicyResponseSchema,
  ReturnDetailResponseSchema,
  SignInResponseSchema,
  type ProductDetail,
  type ReturnDetail,
} from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { expectApi } from "../../../storefront/tests/e2e/auth-journeys";
import { masterOf } from "../../../storefront/tests/e2e/cart-catalogue";
import type { Stack } from "../../../storefront/tests/e2e/stack";
import { asShop } from "./back-office";

/** A guest order the shop can work on: its id, number, buyer's email and total. */
export interface PlacedOrder {
  id: number;
  publicId: string;
  email: string;
  grandTotal: { amount: number; currencyCode: string };
}

/**
 * Places an order of one of each book through the shopper's API, as the storefront's checkout would, paid by bank
 * transfer against the proforma invoice: it waits for its payment until the shop confirms the transfer. A guest's
 * unless `customer` is given (a signed-in customer's, as newCustomer makes). Each guest is a new buyer of their own
 * (their email names the journey), so journeys never share orders. `discountCode` is applied before placing.
 */
export async function placeBankTransferOrder(
  stack: Stack,
  books: ProductDetail[],
  label: string,
  options: { discountCode?: string; customer?: { email: string; token: string } } = {},
): Promise<PlacedOrder> {
  const token = options.customer?.token;
  let anonymousId: string | undefined;
  for (const book of books) {
    const { data: cart } = await expectApi(stack, "PUT", "/baskets", CartResponseSchema, {
      token,
      body: { productVariantId: masterOf(book).id, quantity: 1, ...(anonymousId ? { anonymousId } : {}) },
    });
    anonymousId = cart.anonymousId ?? anonymousId;
  }
  if (!anonymousId && !token) throw new Error("The basket answered no anonymousId");
  const guest = token ? {} : { anonymousId };
  const email = options.customer?.email ?? `${label}-${randomUUID().slice(0, 8)}@buyers.test`;
  const step = (path: string, body: object) =>
    expectApi(stack, "PUT", path, CheckoutSummaryResponseSchema, { token, body: { ...body, ...guest } });
  const address = {
    firstName: "Grace",
    lastName: "Buyer",
    countryCode: "GB",
    line1: "221B Baker Street",
    city: "London",
    postcode: "NW1 6XE",
  };
  await step("/baskets/checkout/customer-info", { email, firstName: "Grace", lastName: "Buyer" });
  await step("/baskets/checkout/delivery-address", { address });
  await step("/baskets/checkout/billing-address", { address });
  const { data: delivery } = await expectApi(stack, "GET", "/baskets/checkout/delivery/available-options", DeliveryOptionsResponseSchema, {
    token,
    query: token ? {} : { anonymousId: anonymousId! },
  });
  const standard = delivery.options.find((option) => option.kind === "standard") ?? delivery.options[0]!;
  await step("/baskets/checkout/delivery/options", { deliveryZoneOptionId: standard.id });
  // A discount code, when the journey gives one, applied as the checkout applies it before the order is placed.
  if (options.discountCode) await step("/baskets/checkout/discount-codes", { discountCode: options.discountCode });
  const { data: order } = await expectApi(stack, "POST", "/orders", CreatedOrderResponseSchema, {
    token,
    body: { ...(token ? {} : { anonymousBasketId: anonymousId }), termsAccepted: true },
  });
  await expectApi(stack, "POST", "/payments", PaymentResponseSchema, {
    token,
    body: {
      orderId: order.id,
      paymentProviderId: "proforma-invoice",
      amount: order.grandTotal.amount,
      currencyCode: order.grandTotal.currencyCode,
      ...guest,
    },
  });
  return { id: order.id, publicId: order.publicId, email, grandTotal: order.grandTotal };
}

export const CUSTOMER_PASSWORD = "Customer-Lantern-Journey-2026";

/**
 * A customer of the journey's own, signed up through the shopper's API as the storefront does: the sign-up request,
 * the link mailed to their address (read by recipient from the shared mailbox), completed with a password and the
 * current privacy policy. Answers their email and a sign-in token.
 */
export async function newCustomer(stack: Stack, label: string): Promise<{ email: string; token: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@customers.test`;
  await expectApi(stack, "POST", "/auth/signup-request", z.unknown(), { body: { email, firstName: "Ada", lastName: "Reader" } });
  const mail = await stack.mailbox!.waitForMail(email, {
    timeoutMs: 15_000,
    match: (candidate) => candidate.links.some((link) => link.includes("/auth/sign-up/complete/")),
  });
  const link = mail.links.find((candidate) => candidate.includes("/auth/sign-up/complete/"))!;
  const signupToken = decodeURIComponent(new URL(link).pathname.split("/").at(-1)!);
  const { data: policy } = await expectApi(stack, "GET", "/privacy-policies/current", PrivacyPolicyResponseSchema);
  const { data } = await expectApi(stack, "PUT", "/auth/signup-request/complete", SignInResponseSchema, {
    body: { token: signupToken, password: CUSTOMER_PASSWORD, privacyPolicyId: policy.id },
  });
  return { email, token: data.token };
}

/**
 * A delivered order of `customer`'s, and a return of all its lines asked for as a refund: the shop confirms the
 * transfer, ships and delivers through the admin API (as its staff would), then the customer asks.
 */
export async function requestedReturn(
  stack: Stack,
  books: ProductDetail[],
  customer: { email: string; token: string },
): Promise<ReturnDetail> {
  const order = await placeBankTransferOrder(stack, books, "returns", { customer });
  await asShop(stack, "PUT", `/admin/orders/${order.id}/confirm-transfer`);
  await asShop(stack, "PUT", `/admin/orders/${order.id}/ship`, { trackingReference: "RM000000001GB" });
  AdminOrderResponseSchema.parse(await asShop(stack, "PUT", `/admin/orders/${order.id}/deliver`));
  const { data: delivered } = await expectApi(stack, "GET", `/orders/${order.id}`, OrderResponseSchema, { token: customer.token });
  const { data: asked } = await expectApi(stack, "POST", "/order-returns", ReturnDetailResponseSchema, {
    token: customer.token,
    body: {
      orderId: order.id,
      lines: delivered.items.map((line) => ({ orderLineId: line.id, quantity: line.quantity })),
      reason: "damaged",
      resolution: "refund",
      comment: "The corner is crushed",
    },
  });
  return asked;
}
