import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeConfiguredGateways, planPaymentSandbox } from "./payment-sandbox.mjs";

const options = {
  keysFile: fileURLToPath(new URL("../apps/payment-sandbox/sandbox-keys.json", import.meta.url)),
  apiUrl: "http://127.0.0.1:4000",
};
const plan = (env: Record<string, string>) => planPaymentSandbox(env, options);
const gatewaysTold = (env: Record<string, string>) =>
  Object.keys(plan(env)?.apiEnv ?? {})
    .filter((name) => name.endsWith("_API_URL"))
    .map((name) => name.replace("_API_URL", ""));

describe("the payment sandbox npm start runs", () => {
  it("offers one card gateway and PayPal by default, so the demo shows one card option", () => {
    expect(gatewaysTold({})).toEqual(["STRIPE", "PAYPAL"]);
    expect(plan({})?.gatewayNames).toEqual(["Stripe", "PayPal"]);
  });

  it("offers the others one setting away, and refuses a name it does not play", () => {
    expect(gatewaysTold({ PAYMENT_SANDBOX_GATEWAYS: "mollie, Adyen,stripe,paypal" })).toEqual(["STRIPE", "PAYPAL", "ADYEN", "MOLLIE"]);
    expect(plan({ PAYMENT_SANDBOX_GATEWAYS: "mollie" })?.apiEnv).toMatchObject({
      MOLLIE_WEBHOOK_URL: "http://127.0.0.1:4000/webhooks/mollie",
    });
    expect(() => plan({ PAYMENT_SANDBOX_GATEWAYS: "stripe,klarna" })).toThrow(/PAYMENT_SANDBOX_GATEWAYS/);
  });

  it("stays off when a real gateway is configured or it is turned off", () => {
    expect(plan({ STRIPE_SECRET_KEY: "sk_live_x" })).toBeNull();
    expect(plan({ PAYMENT_SANDBOX: "off" })).toBeNull();
  });

  it("says, when it does not run, which gateways the API turns on: Adyen and Mollie as well as Stripe and PayPal", () => {
    const adyen = { ADYEN_API_KEY: "AQE_key", ADYEN_MERCHANT_ACCOUNT: "QuireShop", ADYEN_HMAC_KEY: "00ff" };
    const mollie = { MOLLIE_API_KEY: "live_key", MOLLIE_WEBHOOK_SECRET: "secret-123" };
    const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(plan({ PAYMENT_SANDBOX: "off", ...adyen })).toBeNull();
    expect(describeConfiguredGateways({ PAYMENT_SANDBOX: "off", ...adyen })).toBe("payments: Adyen, with the keys set in the environment");
    expect(describeConfiguredGateways({ PAYMENT_SANDBOX: "off", ...mollie })).toBe(
      "payments: Mollie, with the keys set in the environment",
    );
    expect(describeConfiguredGateways({ ...stripe, ...adyen, ...mollie })).toBe(
      "payments: Stripe, Adyen and Mollie, with the keys set in the environment",
    );
    expect(describeConfiguredGateways({ PAYMENT_SANDBOX: "off" })).toBe(
      "payments: no card, PayPal or other gateway (PAYMENT_SANDBOX=off); bank transfer and on account only",
    );
    expect(describeConfiguredGateways({ PAYMENT_SANDBOX: "Off" })).toContain("(PAYMENT_SANDBOX=off)");
  });

  it("names a gateway the API leaves off because one of its settings is missing", () => {
    expect(describeConfiguredGateways({ MOLLIE_API_KEY: "live_key" })).toBe(
      "payments: no card, PayPal or other gateway; bank transfer and on account only (Mollie is off without MOLLIE_WEBHOOK_SECRET)",
    );
    expect(describeConfiguredGateways({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x", PAYPAL_CLIENT_ID: "id" })).toBe(
      "payments: Stripe, with the keys set in the environment (PayPal is off without PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID)",
    );
  });
});
