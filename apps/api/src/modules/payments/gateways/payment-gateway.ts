import type { ReportedStatus } from "../gateway-report";

/*
 * One interface for every payment gateway (decision 026). An adapter speaks its gateway's API, through the
 * gateway's official SDK or its documented REST API, and reports in the shop's terms. The shop never sees
 * card data: the payer pays on the gateway's hosted page, and the gateway's own record of the payment
 * (fetched, or announced by a webhook whose signature was verified) is the only word believed.
 */

export type HostedProviderId = "stripe" | "paypal" | "adyen" | "mollie";

/** What the shop asks a gateway to collect. */
export interface HostedPaymentRequest {
  /** The payment's public id: the gateway's metadata carries it back, and it keys the gateway's idempotency. */
  paymentPublicId: string;
  /** The order number the payer sees (QB-100001). */
  orderNumber: string;
  amount: number;
  currencyCode: string;
  email: string;
  /** Where the payer comes back to after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

export interface HostedPayment {
  /** The gateway's id of this payment (a Checkout Session, a PayPal order). */
  reference: string;
  /** The gateway's page where the payer pays. */
  redirectUrl: string;
}

/** The gateway's state of a payment, in the shop's words. */
export interface GatewayPaymentState {
  status: ReportedStatus;
  failureReason?: string;
}

/**
 * A webhook whose signature checked out: its event id, and how to find the payment it concerns (if it is one
 * of ours): by the gateway's reference of its page, by the gateway's reference of the money movement, or by
 * the payment's own public id the gateway carried back.
 */
export interface VerifiedNotice {
  eventId: string;
  eventType: string;
  /** The gateway's reference of the payment's page (a session, an order, a link); null when not named. */
  reference: string | null;
  /** The gateway's id of the money movement (Adyen's pspReference), to keep for refunds. */
  paymentReference?: string;
  /** The payment's public id, as the gateway carried it back (a merchant reference). */
  paymentPublicId?: string;
}

export interface PaymentGateway {
  readonly id: HostedProviderId;
  /** How the storefront presents it (GET /payment-providers). */
  readonly settings: {
    name: string;
    description: string;
    cardBrands: ("visa" | "mastercard" | "american-express")[];
  };
  createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  /**
   * The payment as the gateway has it now. Where the gateway waits for the shop to finish what the payer
   * approved (PayPal's capture), the adapter finishes it here, idempotently, and reports the outcome.
   */
  fetchPayment(reference: string): Promise<GatewayPaymentState>;
  /** Verifies a webhook (signature, and age where the gateway signs a time); throws WebhookRejected otherwise. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotice>;
  /** Refunds a captured payment in full. The same idempotency key never refunds twice. */
  refund(input: {
    reference: string;
    /** The money movement's id, where the gateway refunds by it (Adyen); null when the shop never learnt it. */
    paymentReference: string | null;
    amount: number;
    currencyCode: string;
    idempotencyKey: string;
  }): Promise<void>;
}

/** The webhook is not believed: a bad or missing signature, or one too old. */
export class WebhookRejected extends Error {}

/** The gateway did not answer, or refused a call it should have taken: nothing changed at the shop. */
export class GatewayUnavailable extends Error {}

/** The configured gateways, by provider id. */
export type PaymentGateways = ReadonlyMap<HostedProviderId, PaymentGateway>;

/** How old a signed webhook may be (seconds): Stripe's own default tolerance; older ones may be replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
