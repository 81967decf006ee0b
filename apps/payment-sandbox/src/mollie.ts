import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { html, page } from "./html";
import { answerOnce, IdempotencyStore, newId } from "./ids";
import type { SandboxEndpoints, WebhookSender } from "./webhooks";

/*
 * Mollie's Payments API (v2), as far as Quire's adapter uses it: create, read and cancel a payment (cancel
 * only while it is cancelable: here, while it is open), refund it and list or read its refunds, the hosted
 * checkout (in test mode Mollie lets the payer choose the outcome, and so does this page), and the
 * webhook: a form post of the payment's id to the payment's webhookUrl, signed with the webhook's secret
 * in X-Mollie-Signature (HMAC-SHA256 of the raw body), after which the merchant reads the payment.
 */

export interface MollieOptions {
  apiKey: string;
  webhookSecret: string;
}

type Status = "open" | "pending" | "authorized" | "paid" | "canceled" | "expired" | "failed";

interface Refund {
  id: string;
  amount: { currency: string; value: string };
  description: string;
  metadata: unknown;
  status: "refunded";
  paymentId: string;
  createdAt: string;
}

interface Payment {
  id: string;
  status: Status;
  amount: { currency: string; value: string };
  amountRefunded: number;
  description: string;
  redirectUrl: string;
  cancelUrl: string | null;
  webhookUrl: string | null;
  metadata: unknown;
  createdAt: string;
  /** Its refunds, oldest first. */
  refunds: Refund[];
}

class MollieError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (amount: number) => (amount / 100).toFixed(2);

/** Mollie's webhook signature header for a body. */
export function mollieSignatureHeader(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function registerMollie(app: FastifyInstance, options: MollieOptions & { endpoints: SandboxEndpoints; sender: WebhookSender }) {
  const payments = new Map<string, Payment>();
  const idempotency = new IdempotencyStore();

  function view(payment: Payment) {
    const refunded = { currency: payment.amount.currency, value: decimal(payment.amountRefunded) };
    return {
      resource: "payment",
      id: payment.id,
      mode: "test",
      status: payment.status,
      amount: payment.amount,
      amountRefunded: refunded,
      amountRemaining: { currency: payment.amount.currency, value: decimal(cents(payment.amount.value) - payment.amountRefunded) },
      isCancelable: payment.status === "open",
      description: payment.description,
      redirectUrl: payment.redirectUrl,
      cancelUrl: payment.cancelUrl,
      webhookUrl: payment.webhookUrl,
      metadata: payment.metadata,
      createdAt: payment.createdAt,
      ...(payment.status === "paid" ? { paidAt: new Date().toISOString() } : {}),
      _links: {
        self: { href: `${options.endpoints.publicUrl}/v2/payments/${payment.id}`, type: "application/hal+json" },
        ...(payment.status === "open"
          ? { checkout: { href: `${options.endpoints.publicUrl}/mollie/checkout/${payment.id}`, type: "text/html" } }
          : {}),
      },
    };
  }

  /** Calls the payment's webhook, as Mollie does on every status change: only the id, signed. */
  function notify(payment: Payment) {
    const body = `id=${encodeURIComponent(payment.id)}`;
    options.sender.send(payment.webhookUrl ?? undefined, {
      provider: "mollie",
      id: `${payment.id}:${payment.status}:${payment.amountRefunded}`,
      type: `payment.${payment.status}`,
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-mollie-signature": mollieSignatureHeader(body, options.webhookSecret),
      },
    });
  }

  function createPayment(body: Json): Payment {
    const amount = record(body.amount);
    const currency = text(amount.currency);
    const value = text(amount.value);
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      throw new MollieError(422, "Unprocessable Entity", "The amount currency is invalid", "amount.currency");
    if (!value || !/^\d{1,10}\.\d{2}$/.test(value))
      throw new MollieError(422, "Unprocessable Entity", "The amount value is invalid", "amount.value");
    const description = text(body.description);
    if (!description) throw new MollieError(422, "Unprocessable Entity", "The description is invalid", "description");
    const redirectUrl = text(body.redirectUrl);
    if (!redirectUrl || !URL.canParse(redirectUrl))
      throw new MollieError(422, "Unprocessable Entity", "The redirect URL is invalid", "redirectUrl");
    const payment: Payment = {
      id: `tr_${newId("").slice(0, 10)}`,
      status: "open",
      amount: { currency, value },
      amountRefunded: 0,
      description,
      redirectUrl,
      cancelUrl: text(body.cancelUrl) ?? null,
      webhookUrl: text(body.webhookUrl) ?? options.endpoints.webhookUrls.mollie ?? null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
      refunds: [],
    };
    payments.set(payment.id, payment);
    return payment;
  }

  function refund(payment: Payment, body: Json) {
    if (payment.status !== "paid") throw new MollieError(422, "Unprocessable Entity", "The payment has not been paid", "paymentId");
    const amount = record(body.amount);
    const value = text(amount.value);
    const refunded = value === undefined ? cents(payment.amount.value) - payment.amountRefunded : cents(value);
    if (!Number.isInteger(refunded) || refunded < 1 || refunded > cents(payment.amount.value) - payment.amountRefunded) {
      throw new MollieError(422, "Unprocessable Entity", "The amount is higher than the amount that is left to refund", "amount");
    }
    payment.amountRefunded += refunded;
    // Test mode settles a refund at once; a live one is queued or pending first.
    const created: Refund = {
      id: `re_${newId("").slice(0, 10)}`,
      amount: { currency: payment.amount.currency, value: decimal(refunded) },
      description: text(body.description) ?? "",
      metadata: body.metadata ?? null,
      status: "refunded",
      paymentId: payment.id,
      createdAt: new Date().toISOString(),
    };
    payment.refunds.push(created);
    notify(payment);
    return refundView(created);
  }

  function refundView(refund: Refund) {
    return {
      resource: "refund",
      id: refund.id,
      mode: "test",
      amount: refund.amount,
      description: refund.description,
      metadata: refund.metadata,
      status: refund.status,
      paymentId: refund.paymentId,
      createdAt: refund.createdAt,
      _links: {
        self: { href: `${options.endpoints.publicUrl}/v2/payments/${refund.paymentId}/refunds/${refund.id}`, type: "application/hal+json" },
        payment: { href: `${options.endpoints.publicUrl}/v2/payments/${refund.paymentId}`, type: "application/hal+json" },
      },
    };
  }

  /** A payment's refunds as Mollie lists them: newest first, `limit` (1-250) from the refund `from` on, with a next link. */
  function listRefunds(payment: Payment, query: Json) {
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250)
      throw new MollieError(400, "Bad Request", "The limit must be between 1 and 250", "limit");
    let newestFirst = [...payment.refunds].reverse();
    const from = text(query.from);
    if (from) {
      const index = newestFirst.findIndex((refund) => refund.id === from);
      if (index < 0) throw new MollieError(400, "Bad Request", "The refund to start from does not exist", "from");
      newestFirst = newestFirst.slice(index);
    }
    const page = newestFirst.slice(0, limit);
    const next = newestFirst[limit];
    const base = `${options.endpoints.publicUrl}/v2/payments/${payment.id}/refunds`;
    return {
      count: page.length,
      _embedded: { refunds: page.map(refundView) },
      _links: {
        self: { href: `${base}?limit=${limit}${from ? `&from=${from}` : ""}`, type: "application/hal+json" },
        previous: null,
        next: next ? { href: `${base}?limit=${limit}&from=${next.id}`, type: "application/hal+json" } : null,
      },
    };
  }

  /** Cancels a payment, as Mollie does only while it is cancelable; the webhook tells of the change. */
  function cancel(payment: Payment) {
    if (payment.status !== "open") throw new MollieError(422, "Unprocessable Entity", "The payment cannot be canceled");
    payment.status = "canceled";
    notify(payment);
    return view(payment);
  }

  function api(request: FastifyRequest, reply: FastifyReply, status: number, run: () => unknown) {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return reply
        .code(401)
        .send({ status: 401, title: "Unauthorized Request", detail: "Missing authentication, or failed to authenticate" });
    }
    return answerOnce(idempotency, request, reply, {
      key: text(request.headers["idempotency-key"]),
      status,
      conflict: {
        status: 422,
        body: { status: 422, title: "Unprocessable Entity", detail: "The idempotency key was used for another request" },
      },
      run,
      refusal: (error) =>
        error instanceof MollieError
          ? {
              status: error.status,
              body: { status: error.status, title: error.title, detail: error.detail, ...(error.field ? { field: error.field } : {}) },
            }
          : null,
    });
  }

  const requirePayment = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new MollieError(404, "Not Found", `No payment exists with token ${id}.`);
    return payment;
  };

  app.post("/v2/payments", (request, reply) => api(request, reply, 201, () => view(createPayment(record(request.body)))));
  app.get<{ Params: { id: string } }>("/v2/payments/:id", (request, reply) =>
    api(request, reply, 200, () => view(requirePayment(request.params.id))),
  );
  app.delete<{ Params: { id: string } }>("/v2/payments/:id", (request, reply) =>
    api(request, reply, 200, () => cancel(requirePayment(request.params.id))),
  );
  app.post<{ Params: { id: string } }>("/v2/payments/:id/refunds", (request, reply) =>
    api(request, reply, 201, () => refund(requirePayment(request.params.id), record(request.body))),
  );
  app.get<{ Params: { id: string } }>("/v2/payments/:id/refunds", (request, reply) =>
    api(request, reply, 200, () => listRefunds(requirePayment(request.params.id), record(request.query))),
  );
  app.get<{ Params: { id: string; refundId: string } }>("/v2/payments/:id/refunds/:refundId", (request, reply) =>
    api(request, reply, 200, () => {
      const found = requirePayment(request.params.id).refunds.find((candidate) => candidate.id === request.params.refundId);
      if (!found) throw new MollieError(404, "Not Found", `No refund exists with token ${request.params.refundId}.`);
      return refundView(found);
    }),
  );

  // The test-mode checkout: the payer picks the outcome, as on Mollie's own test page.
  const look = { brand: "Mollie", accent: "#0a3d91" };
  const OUTCOMES: { status: Status; label: string }[] = [
    { status: "paid", label: "Paid" },
    { status: "failed", label: "Failed" },
    { status: "canceled", label: "Canceled" },
    { status: "expired", label: "Expired" },
  ];

  /** Sets the payer's chosen outcome, calls the webhook, and answers where the payer goes. */
  function settle(payment: Payment, status: Status): string {
    payment.status = status;
    notify(payment);
    return status === "canceled" && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl;
  }

  app.get<{ Params: { id: string } }>("/mollie/checkout/:id", (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment || payment.status !== "open") {
      return reply
        .code(payment ? 200 : 404)
        .type("text/html")
        .send(
          page({ title: "Checkout", ...look, body: html`<h1>${payment ? "This payment is closed" : "This payment does not exist"}</h1>` }),
        );
    }
    const amount = new Intl.NumberFormat("en-GB", { style: "currency", currency: payment.amount.currency }).format(
      Number(payment.amount.value),
    );
    const choices = OUTCOMES.map(
      (outcome, index) =>
        html`<p>
          <label
            ><input type="radio" name="status" value="${outcome.status}" ${index === 0 ? html` checked` : html``} /> ${outcome.label}</label
          >
        </p>`,
    );
    return reply.type("text/html").send(
      page({
        title: "Test payment",
        ...look,
        body: html`<h1>${payment.description}</h1>
          <p class="amount">${amount}</p>
          <form method="post" action="/mollie/checkout/${payment.id}">
            <fieldset>
              <legend>Test mode: choose the payment's outcome</legend>
              ${choices}
            </fieldset>
            <button type="submit">Continue</button>
          </form>`,
      }),
    );
  });
  app.post<{ Params: { id: string } }>("/mollie/checkout/:id", (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment || payment.status !== "open") return reply.redirect(`/mollie/checkout/${request.params.id}`, 303);
    const chosen = OUTCOMES.find((outcome) => outcome.status === record(request.body).status)?.status ?? "paid";
    return reply.redirect(settle(payment, chosen), 303);
  });
  app.post<{ Params: { id: string } }>("/_sandbox/mollie/payments/:id/settle", (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment || payment.status !== "open") return reply.code(409).send({ error: "The payment is not open" });
    // Besides the page's outcomes, "pending": a method still settling (a bank transfer awaited), which can no
    // longer be cancelled.
    const asked = record(request.body).status;
    const chosen = asked === "pending" ? "pending" : (OUTCOMES.find((outcome) => outcome.status === asked)?.status ?? "paid");
    return reply.send({ redirect: settle(payment, chosen) });
  });
}
