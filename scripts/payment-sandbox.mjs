// The local payment sandbox `npm start` and `npm run dev` run when no real gateway is configured (decision
// 026): Quire's stand-in for Stripe, PayPal, Adyen and Mollie, so a newcomer can pay by card or PayPal with no
// account anywhere. This module only decides; start.mjs runs it.
import { readFileSync } from "node:fs";

const DEFAULT_PORT = 4100;
/** The gateways the sandbox plays, by the name PAYMENT_SANDBOX_GATEWAYS takes, with the name people read. */
const GATEWAYS = { stripe: "Stripe", paypal: "PayPal", adyen: "Adyen", mollie: "Mollie" };
/**
 * What the demo offers by default: one card gateway and PayPal, so a shopper sees one "Card" and not three card
 * options they cannot tell apart. The others are one setting away (PAYMENT_SANDBOX_GATEWAYS=stripe,paypal,adyen,mollie).
 */
const DEFAULT_GATEWAYS = ["stripe", "paypal"];

/** The gateways named in PAYMENT_SANDBOX_GATEWAYS (comma-separated), in their usual order; the default when unset. */
function chosenGateways(raw) {
  if (raw === undefined || raw.trim() === "") return DEFAULT_GATEWAYS;
  const named = raw.split(",").map((name) => name.trim().toLowerCase());
  const unknown = named.filter((name) => !(name in GATEWAYS));
  if (unknown.length > 0 || named.length === 0) {
    throw new Error(`PAYMENT_SANDBOX_GATEWAYS takes ${Object.keys(GATEWAYS).join(", ")}, comma-separated; not "${raw}"`);
  }
  return Object.keys(GATEWAYS).filter((name) => named.includes(name));
}

/**
 * The settings the API needs before it turns each gateway on (gatewaysFromEnv in
 * apps/api/src/modules/payments/gateways/gateways.ts): a gateway with only some of them set stays off.
 */
const GATEWAY_KEYS = {
  stripe: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
  paypal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"],
  adyen: ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_HMAC_KEY"],
  mollie: ["MOLLIE_API_KEY", "MOLLIE_WEBHOOK_SECRET"],
};

/** "a", "a and b", "a, b and c". */
function listed(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * What start-up says of payments when the sandbox does not run (planPaymentSandbox answered null): the gateways
 * the API turns on from the environment, as gatewaysFromEnv decides, and each one left off for a missing setting.
 * @param {Record<string, string | undefined>} env
 */
export function describeConfiguredGateways(env) {
  const on = Object.keys(GATEWAYS).filter((name) => GATEWAY_KEYS[name].every((key) => env[key]));
  const incomplete = Object.keys(GATEWAYS)
    .filter((name) => !on.includes(name) && GATEWAY_KEYS[name].some((key) => env[key]))
    .map((name) => `${GATEWAYS[name]} is off without ${listed(GATEWAY_KEYS[name].filter((key) => !env[key]))}`);
  const sandboxOff = (env.PAYMENT_SANDBOX ?? "").trim().toLowerCase() === "off";
  const said =
    on.length > 0
      ? `payments: ${listed(on.map((name) => GATEWAYS[name]))}, with the keys set in the environment`
      : `payments: no card, PayPal or other gateway${sandboxOff ? " (PAYMENT_SANDBOX=off)" : ""}; bank transfer and on account only`;
  return incomplete.length > 0 ? `${said} (${incomplete.join("; ")})` : said;
}

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
  const gateways = chosenGateways(env.PAYMENT_SANDBOX_GATEWAYS);
  const keys = JSON.parse(readFileSync(keysFile, "utf8"));
  const url = `http://localhost:${port}`;
  const sandbox = `http://127.0.0.1:${port}`;
  const envOf = {
    stripe: { STRIPE_SECRET_KEY: keys.stripe.secretKey, STRIPE_WEBHOOK_SECRET: keys.stripe.webhookSecret, STRIPE_API_URL: sandbox },
    paypal: {
      PAYPAL_CLIENT_ID: keys.paypal.clientId,
      PAYPAL_CLIENT_SECRET: keys.paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: keys.paypal.webhookId,
      PAYPAL_API_URL: sandbox,
    },
    adyen: {
      ADYEN_API_KEY: keys.adyen.apiKey,
      ADYEN_MERCHANT_ACCOUNT: keys.adyen.merchantAccount,
      ADYEN_HMAC_KEY: keys.adyen.hmacKey,
      ADYEN_API_URL: sandbox,
    },
    mollie: {
      MOLLIE_API_KEY: keys.mollie.apiKey,
      MOLLIE_WEBHOOK_SECRET: keys.mollie.webhookSecret,
      MOLLIE_WEBHOOK_URL: `${apiUrl}/webhooks/mollie`,
      MOLLIE_API_URL: sandbox,
    },
  };
  return {
    port,
    url,
    healthUrl: `${sandbox}/`,
    /** The gateways the API is told about, by the names people read ("Stripe", "PayPal"). */
    gatewayNames: gateways.map((name) => GATEWAYS[name]),
    sandboxEnv: { PAYMENT_SANDBOX_PORT: String(port), PAYMENT_SANDBOX_URL: url, API_URL: apiUrl },
    apiEnv: Object.assign({}, ...gateways.map((name) => envOf[name])),
  };
}
