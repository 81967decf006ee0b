// The local payment sandbox `npm start` and `npm run dev` run when no real gateway is configured (decision
// 026): Quire's stand-in for Stripe, PayPal, Adyen and Mollie, so a newcomer can pay by card or PayPal with no
// account anywhere. This module only decides; start.mjs runs it.
import { readFileSync } from "node:fs";

const DEFAULT_PORT = 4100;

/**
 * Whether to run the sandbox and what the API is then told, from the environment `npm start` was given. Null
 * when a real gateway's keys are set (the merchant went live) or PAYMENT_SANDBOX=off; throws on a value it
 * cannot use, so a typo stops start-up with its name.
 * @param {Record<string, string | undefined>} env
 * @param {{ keysFile: string, apiUrl: string }} options the sandbox's keys, and where its webhooks go
 */
export function planPaymentSandbox(env, { keysFile, apiUrl }) {
  const mode = (env.PAYMENT_SANDBOX ?? "").trim().toLowerCase();
  if (!["", "on", "off"].includes(mode)) throw new Error(`PAYMENT_SANDBOX must be "on" or "off", not "${env.PAYMENT_SANDBOX}"`);
  const live = ["STRIPE_SECRET_KEY", "PAYPAL_CLIENT_ID", "ADYEN_API_KEY", "MOLLIE_API_KEY"].filter((name) => env[name]);
  if (mode === "off" || (mode === "" && live.length > 0)) return null;

  const raw = env.PAYMENT_SANDBOX_PORT ?? String(DEFAULT_PORT);
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port < 1 || port > 65535) throw new Error(`PAYMENT_SANDBOX_PORT must be a port number, not "${raw}"`);
  const keys = JSON.parse(readFileSync(keysFile, "utf8"));
  const url = `http://localhost:${port}`;
  return {
    port,
    url,
    healthUrl: `http://127.0.0.1:${port}/`,
    sandboxEnv: { PAYMENT_SANDBOX_PORT: String(port), PAYMENT_SANDBOX_URL: url, API_URL: apiUrl },
    apiEnv: {
      STRIPE_SECRET_KEY: keys.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.stripe.webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      PAYPAL_CLIENT_ID: keys.paypal.clientId,
      PAYPAL_CLIENT_SECRET: keys.paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: keys.paypal.webhookId,
      PAYPAL_API_URL: `http://127.0.0.1:${port}`,
      ADYEN_API_KEY: keys.adyen.apiKey,
      ADYEN_MERCHANT_ACCOUNT: keys.adyen.merchantAccount,
      ADYEN_HMAC_KEY: keys.adyen.hmacKey,
      ADYEN_API_URL: `http://127.0.0.1:${port}`,
      MOLLIE_API_KEY: keys.mollie.apiKey,
      MOLLIE_WEBHOOK_SECRET: keys.mollie.webhookSecret,
      MOLLIE_WEBHOOK_URL: `${apiUrl}/webhooks/mollie`,
      MOLLIE_API_URL: `http://127.0.0.1:${port}`,
    },
  };
}
