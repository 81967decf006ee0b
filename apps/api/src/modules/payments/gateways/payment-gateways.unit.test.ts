import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX_KEYS } from "@quire/payment-sandbox";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { usePaymentSandbox } from "../../../testing/payment-sandbox";
import type { HostedPayment, HostedProviderId, PaymentGateway } from "./payment-gateway";

// Closing a hosted payment and finding a refund, for each adapter against Quire's payment sandbox over HTTP:
// the adapters speak each gateway's API as they do in production, and the sandbox plays the gateway. No
// database: these are the adapters' own behaviours, which the payment flows build on.
const sandbox = usePaymentSandbox();

// Adyen names the payment's pspReference (which refunds need) only in its signed AUTHORISATION webhook: a
// small endpoint here receives the sandbox's webhooks, and the adapter verifies them as the API would.
const received: string[] = [];
let receiver: Server;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  sandbox.sandbox.endpoints.webhookUrls.adyen = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/adyen`;
});
afterAll(async () => {
  await sandbox.sandbox.webhooks.idle();
  await new Promise((resolve) => receiver.close(resolve));
});

const adapter = (provider: HostedProviderId): PaymentGateway => sandbox.gateways.get(provider)!;

async function open(provider: HostedProviderId): Promise<HostedPayment> {
  return adapter(provider).createHostedPayment({
    paymentPublicId: `pay_${randomBytes(16).toString("hex")}`,
    orderNumber: "QB-100042",
    amount: 2_500,
    currencyCode: "GBP",
    email: "reader@example.com",
    returnUrl: "http://shop.test/checkout/payment-return",
    cancelUrl: "http://shop.test/checkout/payment",
  });
}

/** The id in a hosted page's address: the last path segment, or PayPal's token. */
const pageIdOf = (provider: HostedProviderId, redirectUrl: string) =>
  provider === "paypal" ? new URL(redirectUrl).searchParams.get("token")! : new URL(redirectUrl).pathname.split("/").at(-1)!;

const CONTROL_PATHS: Record<HostedProviderId, (id: string) => string> = {
  stripe: (id) => `/_sandbox/stripe/sessions/${id}/pay`,
  paypal: (id) => `/_sandbox/paypal/orders/${id}/approve`,
  adyen: (id) => `/_sandbox/adyen/links/${id}/pay`,
  mollie: (id) => `/_sandbox/mollie/payments/${id}/settle`,
};

/** Pays a page as a payer would (a good card, PayPal's approval, Mollie's "paid"); PayPal is then captured by the shop. */
async function pay(provider: HostedProviderId, page: HostedPayment): Promise<string | null> {
  const answer = await sandbox.control(CONTROL_PATHS[provider](pageIdOf(provider, page.redirectUrl)), {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (provider === "paypal") expect(await adapter("paypal").fetchPayment(page.reference)).toEqual({ status: "captured" });
  if (provider !== "adyen") return null;
  // The pspReference, as the shop learns it: from the verified AUTHORISATION webhook naming this link.
  await sandbox.sandbox.webhooks.idle();
  for (const body of received) {
    const notice = await adapter("adyen").verifyWebhook(body, {});
    if (notice.reference === page.reference && notice.paymentReference) return notice.paymentReference;
  }
  throw new Error(`No AUTHORISATION webhook named the link ${page.reference}`);
}

/** The payer's hosted page form, posted as the browser posts it. */
const PAY_FORMS: Partial<Record<HostedProviderId, { path: (id: string) => string; form: Record<string, string> }>> = {
  stripe: { path: (id) => `/stripe/pay/${id}`, form: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
  adyen: { path: (id) => `/adyen/payByLink/${id}`, form: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
  mollie: { path: (id) => `/mollie/checkout/${id}`, form: { status: "paid" } },
};
const CLOSED_PAGE_TEXT: Partial<Record<HostedProviderId, string>> = {
  stripe: "This payment page has expired",
  adyen: "This payment link has expired",
  mollie: "This payment is closed",
};

/** How many refunds the gateway holds for a paid page, read from its own API (Adyen: the REFUND webhooks it sent). */
async function refundsAtGateway(provider: HostedProviderId, page: HostedPayment, paymentReference: string | null): Promise<number> {
  const get = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${sandbox.url}${path}`, { headers });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  if (provider === "stripe") {
    const auth = { authorization: `Bearer ${SANDBOX_KEYS.stripe.secretKey}` };
    const session = (await get(`/v1/checkout/sessions/${page.reference}`, auth)) as { payment_intent: string };
    return ((await get(`/v1/refunds?payment_intent=${session.payment_intent}`, auth)) as { data: unknown[] }).data.length;
  }
  if (provider === "mollie") {
    const auth = { authorization: `Bearer ${SANDBOX_KEYS.mollie.apiKey}` };
    return ((await get(`/v2/payments/${page.reference}/refunds`, auth)) as { count: number }).count;
  }
  if (provider === "paypal") {
    const basic = Buffer.from(`${SANDBOX_KEYS.paypal.clientId}:${SANDBOX_KEYS.paypal.clientSecret}`).toString("base64");
    const token = await fetch(`${sandbox.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const order = (await get(`/v2/checkout/orders/${page.reference}`, { authorization: `Bearer ${access_token}` })) as {
      purchase_units: { payments?: { refunds?: unknown[] } }[];
    };
    return order.purchase_units[0]?.payments?.refunds?.length ?? 0;
  }
  await sandbox.sandbox.webhooks.idle();
  return received.filter((body) => body.includes('"eventCode":"REFUND"') && body.includes(`"originalReference":"${paymentReference}"`))
    .length;
}

const refundOf = (page: HostedPayment, paymentReference: string | null, idempotencyKey: string) => ({
  reference: page.reference,
  paymentReference,
  amount: 1_000,
  currencyCode: "GBP",
  idempotencyKey,
  refundId: idempotencyKey.replace("quire-refund-", ""),
});
const newKey = () => `quire-refund-${randomBytes(8).toString("hex")}`;

describe("the gateways' names at the checkout", () => {
  it("says what the shopper gets from each, so that no two of the four read alike when all are offered", () => {
    const providers = ["stripe", "paypal", "adyen", "mollie"] as const;
    const names = providers.map((provider) => adapter(provider).settings.name);
    expect(names).toEqual(["Credit or debit card", "PayPal", "Credit or debit card, through Adyen", "iDEAL, Bancontact or card"]);
    expect(new Set(names).size).toBe(providers.length);
    expect(new Set(providers.map((provider) => adapter(provider).settings.description)).size).toBe(providers.length);
  });
});

describe.each(["stripe", "paypal", "adyen", "mollie"] as const)("%s: closing a hosted payment", (provider) => {
  it("closes an open page: the payer can no longer pay it, and the gateway reads it cancelled", async () => {
    const page = await open(provider);
    expect(await adapter(provider).closeHostedPayment(page.reference)).toEqual({ outcome: "closed" });
    const id = pageIdOf(provider, page.redirectUrl);
    const form = PAY_FORMS[provider];
    if (form) {
      const posted = await fetch(`${sandbox.url}${form.path(id)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form.form).toString(),
        redirect: "manual",
      });
      // Sent back to the page, never on to the shop as paid.
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe(form.path(id));
      const shown = await fetch(`${sandbox.url}${form.path(id)}`);
      expect(await shown.text()).toContain(CLOSED_PAGE_TEXT[provider]);
      expect((await sandbox.control(CONTROL_PATHS[provider](id), {})).status).toBe(409);
    } else {
      // PayPal still lets the payer approve (it has no way to close an order), but no money moves: the shop
      // never captures an order it closed.
      expect((await sandbox.control(CONTROL_PATHS.paypal(id), {})).status).toBe(200);
    }
    expect(await adapter(provider).fetchPayment(page.reference)).toMatchObject({ status: "cancelled" });
    expect(await adapter(provider).closeHostedPayment(page.reference)).toEqual({ outcome: "closed" });
  });

  it("answers closed again when the page is closed twice", async () => {
    const page = await open(provider);
    const [first, second] = [
      await adapter(provider).closeHostedPayment(page.reference),
      await adapter(provider).closeHostedPayment(page.reference),
    ];
    expect(first).toEqual({ outcome: "closed" });
    expect(second).toEqual({ outcome: "closed" });
  });

  it("reports a page the payer already paid as captured, and leaves it paid", async () => {
    const page = await open(provider);
    await pay(provider, page);
    expect(await adapter(provider).closeHostedPayment(page.reference)).toEqual({ outcome: "captured" });
    expect(await adapter(provider).fetchPayment(page.reference)).toEqual({ status: "captured" });
  });
});

describe.each([
  ["stripe", { delayed: true }],
  ["adyen", { asynchronous: true }],
  ["mollie", { status: "pending" }],
] as const)("%s: closing a payment under way", (provider, underWay) => {
  it("reports a payment the gateway can no longer stop as pending, and leaves it to end on its own", async () => {
    const page = await open(provider);
    expect((await sandbox.control(CONTROL_PATHS[provider](pageIdOf(provider, page.redirectUrl)), underWay)).status).toBe(200);
    expect(await adapter(provider).closeHostedPayment(page.reference)).toEqual({ outcome: "pending" });
    expect(await adapter(provider).fetchPayment(page.reference)).toEqual({ status: "pending" });
  });
});

describe("closing a page the payer pays at that very moment", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The payer pays between the adapter's read and its close call, which the gateway then refuses: the adapter
  // reads the page again and reports the capture rather than an error.
  it.each([
    ["paypal", "PATCH"],
    ["adyen", "PATCH"],
    ["mollie", "DELETE"],
  ] as const)("%s: reports the payment captured", async (provider, closeMethod) => {
    const page = await open(provider);
    const realFetch = globalThis.fetch;
    let armed = true;
    vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
      if (armed && init?.method === closeMethod) {
        armed = false;
        await pay(provider, page);
      }
      return realFetch(input, init);
    });
    expect(await adapter(provider).closeHostedPayment(page.reference)).toEqual({ outcome: "captured" });
    expect(armed).toBe(false);
  });
});

describe.each([
  ["stripe", 100],
  ["mollie", 250],
] as const)("%s: finding a refund among many", (provider, pageSize) => {
  it("reads on past the gateway's first page of refunds", async () => {
    const page = await open(provider);
    const paymentReference = await pay(provider, page);
    const oldest = newKey();
    const made = await adapter(provider).refund({ ...refundOf(page, paymentReference, oldest), amount: 1 });
    // Lists come newest first: a full page of later refunds pushes the first onto the second page.
    for (let index = 0; index < pageSize; index += 1) {
      await adapter(provider).refund({ ...refundOf(page, paymentReference, newKey()), amount: 1 });
    }
    expect(await adapter(provider).findRefund(refundOf(page, paymentReference, oldest))).toEqual({ outcome: "found", refund: made });
    // A page and one more of refunds, one call each (251 for Mollie): 13 s on a quiet machine, past 20 s on a busy one.
  }, 90_000);
});

describe.each(["stripe", "paypal", "mollie"] as const)("%s: finding a refund", (provider) => {
  it("finds a refund by the idempotency key it was made with, and no refund by another key", async () => {
    const page = await open(provider);
    const paymentReference = await pay(provider, page);
    const key = newKey();
    expect(await adapter(provider).findRefund(refundOf(page, paymentReference, key))).toEqual({ outcome: "none" });
    const made = await adapter(provider).refund(refundOf(page, paymentReference, key));
    expect(made.status).toBe("succeeded");
    expect(await adapter(provider).findRefund(refundOf(page, paymentReference, key))).toEqual({ outcome: "found", refund: made });
    expect(await adapter(provider).findRefund(refundOf(page, paymentReference, newKey()))).toEqual({ outcome: "none" });
  });

  it("finds each of several refunds of one payment by its own key", async () => {
    const page = await open(provider);
    const paymentReference = await pay(provider, page);
    const keys = Array.from({ length: 3 }, newKey);
    const made = [];
    for (const key of keys) made.push(await adapter(provider).refund({ ...refundOf(page, paymentReference, key), amount: 500 }));
    for (const [index, key] of keys.entries()) {
      expect(await adapter(provider).findRefund(refundOf(page, paymentReference, key))).toEqual({ outcome: "found", refund: made[index] });
    }
  });
});

describe.each(["stripe", "paypal", "adyen", "mollie"] as const)("%s: refunding twice with one idempotency key", (provider) => {
  it("makes one refund, and answers the same refund both times", async () => {
    const page = await open(provider);
    const paymentReference = await pay(provider, page);
    const key = newKey();
    const first = await adapter(provider).refund(refundOf(page, paymentReference, key));
    const second = await adapter(provider).refund(refundOf(page, paymentReference, key));
    expect(second).toEqual(first);
    expect(await refundsAtGateway(provider, page, paymentReference)).toBe(1);
  });
});

describe("mollie: a refund's description", () => {
  it("names the shop's refund, whatever it is for (a cancellation, a return, a capture given back)", async () => {
    const page = await open("mollie");
    await pay("mollie", page);
    const key = newKey();
    await adapter("mollie").refund(refundOf(page, null, key));
    const response = await fetch(`${sandbox.url}/v2/payments/${page.reference}/refunds`, {
      headers: { authorization: `Bearer ${SANDBOX_KEYS.mollie.apiKey}` },
    });
    const listed = (await response.json()) as { _embedded: { refunds: { description: string }[] } };
    expect(listed._embedded.refunds.map((refund) => refund.description)).toEqual([`Refund ${key.replace("quire-refund-", "")}`]);
  });
});

describe("adyen: finding a refund", () => {
  it("cannot say a refund is missing once it could have been made, and says so", async () => {
    const page = await open("adyen");
    const paymentReference = await pay("adyen", page);
    const made = await adapter("adyen").refund(refundOf(page, paymentReference, newKey()));
    // Adyen accepts a refund and tells its outcome later, in the REFUND webhook.
    expect(made).toEqual({ reference: expect.any(String), status: "pending" });
    const lookup = await adapter("adyen").findRefund(refundOf(page, paymentReference, newKey()));
    expect(lookup).toMatchObject({ outcome: "unknown", reason: expect.stringContaining("Idempotency-Key") });
  });

  it("knows there is no refund of a payment whose pspReference the shop never learnt: the adapter refuses those", async () => {
    const page = await open("adyen");
    await expect(adapter("adyen").refund(refundOf(page, null, newKey()))).rejects.toThrow(/pspReference/);
    expect(await adapter("adyen").findRefund(refundOf(page, null, newKey()))).toEqual({ outcome: "none" });
  });

  it("sends the shop's refund id as the refund's merchant reference, which the REFUND webhook carries back", async () => {
    const page = await open("adyen");
    const paymentReference = await pay("adyen", page);
    const made = await adapter("adyen").refund({ ...refundOf(page, paymentReference, newKey()), refundId: "refund-42" });
    await sandbox.sandbox.webhooks.idle();
    const webhook = received.find((body) => body.includes(`"pspReference":"${made.reference}"`));
    expect(webhook).toContain('"merchantReference":"refund-42"');
  });
});
