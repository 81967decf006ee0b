import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import {
  CreatePaymentBodySchema,
  CustomerCreditAccountResponseSchema,
  PaymentParamsSchema,
  PaymentProvidersQuerySchema,
  PaymentProvidersResponseSchema,
  PaymentResponseSchema,
  ProcessPaymentBodySchema,
  RefreshPaymentBodySchema,
  WebhookBodySchema,
  WebhookParamsSchema,
  WebhookResponseSchema,
} from "../payments";

/** Payments and credit (decision 025). */
export const paymentOperations = {
  // Payments and credit (decision 025).
  listPaymentProviders: {
    method: "GET",
    path: "/payment-providers",
    query: PaymentProvidersQuerySchema,
    response: PaymentProvidersResponseSchema,
  },
  createPayment: {
    method: "POST",
    path: "/payments",
    headers: IdempotentCallHeadersSchema,
    body: CreatePaymentBodySchema,
    response: PaymentResponseSchema,
    status: 201,
  },
  processPayment: {
    method: "PUT",
    path: "/payments/:id/process",
    params: PaymentParamsSchema,
    body: ProcessPaymentBodySchema,
    response: PaymentResponseSchema,
  },
  refreshPayment: { method: "POST", path: "/payments/refresh", body: RefreshPaymentBodySchema, response: PaymentResponseSchema },
  getCustomerCredits: { method: "GET", path: "/customers/credits", response: CustomerCreditAccountResponseSchema },
  receiveWebhook: {
    method: "POST",
    path: "/webhooks/:provider",
    params: WebhookParamsSchema,
    body: WebhookBodySchema,
    response: WebhookResponseSchema,
  },
} as const satisfies Record<string, Operation>;
