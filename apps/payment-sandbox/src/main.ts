import { buildSandbox, SANDBOX_KEYS } from "./sandbox";

// `npm start` runs this beside the API: it listens on PAYMENT_SANDBOX_PORT and posts webhooks to the API.
const port = Number(process.env.PAYMENT_SANDBOX_PORT || 4100);
const host = process.env.PAYMENT_SANDBOX_HOST || "127.0.0.1";
const publicUrl = process.env.PAYMENT_SANDBOX_URL || `http://localhost:${port}`;
const apiUrl = (process.env.API_URL || "http://127.0.0.1:4000").replace(/\/+$/, "");

const { app } = buildSandbox({
  publicUrl,
  webhookUrls: {
    stripe: `${apiUrl}/webhooks/stripe`,
    paypal: `${apiUrl}/webhooks/paypal`,
    adyen: `${apiUrl}/webhooks/adyen`,
    mollie: `${apiUrl}/webhooks/mollie`,
  },
  ...SANDBOX_KEYS,
});

await app.listen({ port, host });
console.log(`Payment sandbox on ${publicUrl} (Stripe, PayPal, Adyen and Mollie in test mode; webhooks to ${apiUrl})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
