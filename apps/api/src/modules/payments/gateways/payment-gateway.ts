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

/**
 * What closing a hosted payment found. `closed`: nobody can pay it any more (closed now, or already closed,
 * expired, cancelled or failed). `captured`: the payer paid before it closed; the money is the shop's, and
 * `refund` gives it back. `pending`: a payment is under way that the gateway does not let the shop stop (a bank
 * debit processing, a Mollie payment whose method cannot be cancelled): `fetchPayment` tells how it ends.
 */
export interface ClosedHostedPayment {
  outcome: "closed" | "captured" | "pending";
}

/** A refund as the gateway has it: its id there, and whether the money has gone back. */
export interface GatewayRefund {
  reference: string;
  status: "succeeded" | "pending" | "failed";
}

export interface RefundRequest {
  /** The gateway's reference of the payment's page (a session, an order, a link, a payment). */
  reference: string;
  /** The money movement's id, where the gateway refunds by it (Adyen); null when the shop never learnt it. */
  paymentReference: string | null;
  amount: number;
  currencyCode: string;
  /** Keys the gateway's idempotency, and is written on the refund so `findRefund` can find it later. */
  idempotencyKey: string;
  /** The shop's id of this refund, written on it where the gateway keeps one (metadata, a merchant reference). */
  refundId?: string;
}

/**
 * What the gateway says of a refund asked for with an idempotency key. `found`: it exists. `none`: the
 * gateway lists the payment's refunds and none carries the key, so refunding is safe. `unknown`: the gateway
 * cannot be asked (Adyen has no lookup): only a retry with the same idempotency key, while the gateway still
 * keeps it, is safe; `reason` says so.
 */
export type RefundLookup = { outcome: "found"; refund: GatewayRefund } | { outcome: "none" } | { outcome: "unknown"; reason: string };

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
   * approved (PayPal's capture), the adapter finishes it here, idempotently, and reports the outcome; never for
   * a payment the shop closed.
   */
  fetchPayment(reference: string): Promise<GatewayPaymentState>;
  /** Verifies a webhook (signature, and age where the gateway signs a time); throws WebhookRejected otherwise. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotice>;
  /**
   * Closes a hosted payment that has not been paid, so it can no longer be paid. Closing one already closed or
   * expired answers `closed` again; one the payer already paid answers `captured` (refund it), never an error.
   */
  closeHostedPayment(reference: string): Promise<ClosedHostedPayment>;
  /** Refunds a captured payment (in full or in part). The same idempotency key never refunds twice. */
  refund(input: RefundRequest): Promise<GatewayRefund>;
  /**
   * Asks the gateway whether a refund made with this idempotency key exists, so a refund retried after a crash
   * is looked up before it is repeated (a gateway keeps idempotency keys for a while only).
   */
  findRefund(input: { reference: string; paymentReference: string | null; idempotencyKey: string }): Promise<RefundLookup>;
}

/** The webhook is not believed: a bad or missing signature, or one too old. */
export class WebhookRejected extends Error {}

/** The gateway did not answer, or refused a call it should have taken: nothing changed at the shop. */
export class GatewayUnavailable extends Error {}

/** The configured gateways, by provider id. */
export type PaymentGateways = ReadonlyMap<HostedProviderId, PaymentGateway>;

/** How old a signed webhook may be (seconds): Stripe's own default tolerance; older ones may be replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
