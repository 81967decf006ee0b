import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { buildSandbox, SANDBOX_KEYS, type PaymentSandbox } from "@quire/payment-sandbox";
import { afterAll, beforeAll } from "vitest";
import type { App } from "../app";
import type { HostedProviderId, PaymentGateway } from "../modules/payments/gateways/payment-gateway";
import { createAdyenGateway } from "../modules/payments/gateways/adyen-gateway";
import { createMollieGateway } from "../modules/payments/gateways/mollie-gateway";
import { createPayPalGateway } from "../modules/payments/gateways/paypal-gateway";
import { createStripeGateway } from "../modules/payments/gateways/stripe-gateway";

/**
 * Quire's payment sandbox on a port of its own for one test file, and the gateways the API uses to reach it.
 * Call before useTestApi and pass `gateways` as its paymentGateways: the map is filled once the sandbox
 * listens, before the app is built. `listenApi` then puts the API on a real port and points the sandbox's
 * webhooks at it, so the gateway's word arrives as it would in production.
 */
export function usePaymentSandbox() {
  const gateways = new Map<HostedProviderId, PaymentGateway>();
  let sandbox: PaymentSandbox | undefined;

  beforeAll(async () => {
    sandbox = buildSandbox({
      publicUrl: "http://127.0.0.1",
      ...SANDBOX_KEYS,
      webhookRetryDelaysMs: [50, 200],
    });
    const address = await sandbox.app.listen({ port: 0, host: "127.0.0.1" });
    sandbox.endpoints.publicUrl = address;
    gateways.set("stripe", createStripeGateway({ ...SANDBOX_KEYS.stripe, apiUrl: address }));
    gateways.set("paypal", createPayPalGateway({ ...SANDBOX_KEYS.paypal, apiUrl: address }));
    gateways.set("adyen", createAdyenGateway({ ...SANDBOX_KEYS.adyen, apiUrl: address }));
    // Mollie is told its webhook's address with each payment: the API's, once it listens.
    const endpoints = sandbox.endpoints;
    gateways.set(
      "mollie",
      createMollieGateway({
        ...SANDBOX_KEYS.mollie,
        apiUrl: address,
        get webhookUrl() {
          return endpoints.webhookUrls.mollie;
        },
      }),
    );
  });
  afterAll(async () => {
    await sandbox?.webhooks.idle();
    await sandbox?.app.close();
  });

  const ready = () => {
    if (!sandbox) throw new Error("the payment sandbox is available once beforeAll has run");
    return sandbox;
  };
  return {
    gateways,
    get sandbox() {
      return ready();
    },
    get url() {
      return ready().endpoints.publicUrl;
    },
    /** Listens with the API on a free port and sends the sandbox's webhooks there. */
    async listenApi(app: App) {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      ready().endpoints.webhookUrls = webhookUrlsOf(address);
    },
    /** Stops (or resumes) the sandbox's webhooks: a payer's payment whose news never comes. */
    muteWebhooks(muted: boolean, app?: App) {
      if (muted) ready().endpoints.webhookUrls = {};
      else if (app) {
        ready().endpoints.webhookUrls = webhookUrlsOf(app.listeningOrigin);
      }
    },
    /**
     * Holds the sandbox's webhooks instead of delivering them (a gateway whose news is late): they go to a
     * receiver of the test's own until `deliverHeld`, which sends each, bytes and signature headers as they
     * were, to the API, and points the sandbox back at it. Answers the API's statuses.
     */
    async holdWebhooks() {
      const held: { path: string; body: string; headers: Record<string, string> }[] = [];
      const receiver = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString()));
        request.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(request.headers)) {
            if (typeof value === "string" && name !== "host" && name !== "content-length" && name !== "connection") headers[name] = value;
          }
          held.push({ path: request.url ?? "/", body, headers });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      ready().endpoints.webhookUrls = webhookUrlsOf(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
      return {
        async deliverHeld(app: App): Promise<number[]> {
          await ready().webhooks.idle();
          await new Promise((resolve) => receiver.close(resolve));
          ready().endpoints.webhookUrls = webhookUrlsOf(app.listeningOrigin);
          const statuses: number[] = [];
          for (const request of held) {
            const answer = await fetch(`${app.listeningOrigin}${request.path}`, {
              method: "POST",
              headers: request.headers,
              body: request.body,
            });
            await answer.body?.cancel();
            statuses.push(answer.status);
          }
          return statuses;
        },
      };
    },
    /** Posts to the sandbox's control API (paying a session, approving a PayPal order) as a payer would. */
    control,
    /**
     * Pays a payment's hosted page as a payer would, through the control API: a good card (Stripe, Adyen), the
     * payer's approval (PayPal: the shop captures it when it next reads the order), or Mollie's outcome.
     */
    payOnPage(provider: HostedProviderId, redirectUrl: string, body: object = {}) {
      const id = provider === "paypal" ? new URL(redirectUrl).searchParams.get("token") : new URL(redirectUrl).pathname.split("/").at(-1);
      if (!id) throw new Error(`No page id in ${redirectUrl}`);
      const path = {
        stripe: `/_sandbox/stripe/sessions/${id}/pay`,
        paypal: `/_sandbox/paypal/orders/${id}/approve`,
        adyen: `/_sandbox/adyen/links/${id}/pay`,
        mollie: `/_sandbox/mollie/payments/${id}/settle`,
      }[provider];
      return control(path, body);
    },
  };

  async function control(path: string, body: object = {}) {
    const response = await fetch(`${ready().endpoints.publicUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

const webhookUrlsOf = (apiAddress: string) => ({
  stripe: `${apiAddress}/webhooks/stripe`,
  paypal: `${apiAddress}/webhooks/paypal`,
  adyen: `${apiAddress}/webhooks/adyen`,
  mollie: `${apiAddress}/webhooks/mollie`,
});
