import type { Env } from "../../../env";
import { createAdyenGateway } from "./adyen-gateway";
import { createMollieGateway } from "./mollie-gateway";
import type { HostedProviderId, PaymentGateway, PaymentGateways } from "./payment-gateway";
import { createPayPalGateway } from "./paypal-gateway";
import { createStripeGateway } from "./stripe-gateway";

export type { PaymentGateways } from "./payment-gateway";

/**
 * The gateways whose keys are set (decision 026). A merchant goes live by setting the live keys and leaving
 * the API URLs unset; `npm start` sets the sandbox's keys and URL.
 */
export function gatewaysFromEnv(env: Env): PaymentGateways {
  const gateways = new Map<HostedProviderId, PaymentGateway>();
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    gateways.set(
      "stripe",
      createStripeGateway({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }),
    );
  }
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    gateways.set(
      "paypal",
      createPayPalGateway({
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET,
        webhookId: env.PAYPAL_WEBHOOK_ID,
        apiUrl: env.PAYPAL_API_URL,
      }),
    );
  }
  if (env.ADYEN_API_KEY && env.ADYEN_MERCHANT_ACCOUNT && env.ADYEN_HMAC_KEY) {
    gateways.set(
      "adyen",
      createAdyenGateway({
        apiKey: env.ADYEN_API_KEY,
        merchantAccount: env.ADYEN_MERCHANT_ACCOUNT,
        hmacKey: env.ADYEN_HMAC_KEY,
        apiUrl: env.ADYEN_API_URL,
      }),
    );
  }
  if (env.MOLLIE_API_KEY && env.MOLLIE_WEBHOOK_SECRET) {
    gateways.set(
      "mollie",
      createMollieGateway({
        apiKey: env.MOLLIE_API_KEY,
        webhookSecret: env.MOLLIE_WEBHOOK_SECRET,
        webhookUrl: env.MOLLIE_WEBHOOK_URL,
        apiUrl: env.MOLLIE_API_URL,
      }),
    );
  }
  return gateways;
}

export const noGateways: PaymentGateways = new Map();
