import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { html, page } from "./html";
import { answerOnce, IdempotencyStore, newId, nowSeconds } from "./ids";
import { AUTHENTICATION_FAILED, cardPage, payWithCard } from "./card-page";
import type { SandboxEndpoints, WebhookSender } from "./webhooks";

/*
 * Stripe, as far as Quire's adapter uses it (the official `stripe` SDK pointed at this host): Checkout
 * Sessions created, read, listed by payment intent and expired; refunds created, read and listed (newest
 * first, by payment intent or charge, paged with limit and starting_after); the hosted Checkout page; and
 * webhooks signed with the endpoint's secret exactly as Stripe signs them (`Stripe-Signature: t=…,v1=…`,
 * an HMAC-SHA256 of "timestamp.body"), so the SDK's own verification accepts them.
 */

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
}

interface Session {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "succeeded";
  latest_charge: string;
  metadata: Record<string, string>;
}

interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
}

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

type Params = Record<string, unknown>;

class StripeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Stripe's signature header for `body`, signed at `timestamp` (seconds) with the endpoint's secret. */
export function stripeSignatureHeader(body: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const record = (value: unknown): Params => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Params) : {});
const stringRecord = (value: unknown) =>
  Object.fromEntries(Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

export function registerStripe(app: FastifyInstance, options: StripeOptions & { endpoints: SandboxEndpoints; sender: WebhookSender }) {
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  /** Every refund, oldest first (lists answer newest first). */
  const refunds: Refund[] = [];
  const idempotency = new IdempotencyStore();

  function emit(type: string, object: unknown) {
    const event = {
      id: newId("evt_"),
      object: "event",
      api_version: "2025-01-27.acacia",
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event);
    options.sender.send(options.endpoints.webhookUrls.stripe, {
      provider: "stripe",
      id: event.id,
      type,
      body,
      headers: { "stripe-signature": stripeSignatureHeader(body, options.webhookSecret) },
    });
  }

  function requireSession(id: string): Session {
    const session = sessions.get(id);
    if (!session) throw new StripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, "id", "resource_missing");
    return session;
  }

  /** Embeds the objects `expand` names (payment_intent, payment_intent.latest_charge), as Stripe does. */
  function expanded(session: Session, expand: string[]) {
    if (!session.payment_intent || !expand.some((path) => path.startsWith("payment_intent"))) return session;
    const intent = intents.get(session.payment_intent);
    if (!intent) return session;
    const withCharge = expand.includes("payment_intent.latest_charge")
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : intent;
    return { ...session, payment_intent: withCharge };
  }

  function createSession(params: Params): Session {
    const rawItems = params.line_items;
    const lineItems = (Array.isArray(rawItems) ? rawItems : Object.values(record(rawItems))).map(record);
    if (lineItems.length === 0) throw new StripeError(400, "invalid_request_error", "Missing required param: line_items.", "line_items");
    let amount = 0;
    let currency: string | undefined;
    for (const [index, item] of lineItems.entries()) {
      const price = record(item.price_data);
      const unitAmount = Number(price.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(unitAmount) || unitAmount < 0) {
        throw new StripeError(400, "invalid_request_error", "Invalid integer", `line_items[${index}][price_data][unit_amount]`);
      }
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw new StripeError(400, "invalid_request_error", "Invalid integer", `line_items[${index}][quantity]`);
      }
      const lineCurrency = text(price.currency)?.toLowerCase();
      if (!lineCurrency || !/^[a-z]{3}$/.test(lineCurrency)) {
        throw new StripeError(400, "invalid_request_error", "Invalid currency", `line_items[${index}][price_data][currency]`);
      }
      if (currency && currency !== lineCurrency)
        throw new StripeError(400, "invalid_request_error", "All line items must share one currency.");
      currency = lineCurrency;
      amount += unitAmount * quantity;
    }
    const successUrl = text(params.success_url);
    if (!successUrl || !URL.canParse(successUrl)) throw new StripeError(400, "invalid_request_error", "Not a valid URL", "success_url");
    if (text(params.mode) !== "payment")
      throw new StripeError(400, "invalid_request_error", "Only mode=payment is supported here.", "mode");
    const id = newId("cs_test_");
    const created = nowSeconds();
    const expiresAt = params.expires_at === undefined ? created + 24 * 3600 : Number(params.expires_at);
    const session: Session = {
      id,
      object: "checkout.session",
      amount_total: amount,
      currency: currency ?? "gbp",
      client_reference_id: text(params.client_reference_id) ?? null,
      customer_email: text(params.customer_email) ?? null,
      metadata: stringRecord(params.metadata),
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      cancel_url: text(params.cancel_url) ?? null,
      url: `${options.endpoints.publicUrl}/stripe/pay/${id}`,
      created,
      expires_at: Number.isInteger(expiresAt) ? expiresAt : created + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  /** Completes an open session as paid: its payment intent and charge, the webhook, and where the payer goes. */
  function completeSession(session: Session): string {
    const intentId = newId("pi_");
    const charge: Charge = {
      id: newId("ch_"),
      object: "charge",
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: intentId,
      refunded: false,
      status: "succeeded",
    };
    charges.set(charge.id, charge);
    intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount: session.amount_total,
      currency: session.currency,
      status: "succeeded",
      latest_charge: charge.id,
      metadata: session.metadata,
    });
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intentId, url: null });
    emit("checkout.session.completed", session);
    return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  }

  function refund(params: Params): Refund {
    const intentId = text(params.payment_intent);
    const intent = intentId ? intents.get(intentId) : undefined;
    if (!intent)
      throw new StripeError(
        404,
        "invalid_request_error",
        `No such payment_intent: '${intentId ?? ""}'`,
        "payment_intent",
        "resource_missing",
      );
    const charge = charges.get(intent.latest_charge);
    if (!charge) throw new StripeError(400, "invalid_request_error", "This payment has no charge to refund.");
    const remaining = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (remaining === 0) {
      throw new StripeError(
        400,
        "invalid_request_error",
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        "charge_already_refunded",
      );
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      throw new StripeError(400, "invalid_request_error", `Refund amount must be between 1 and ${remaining}.`, "amount");
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const result: Refund = {
      id: newId("re_"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: stringRecord(params.metadata),
      created: nowSeconds(),
    };
    refunds.push(result);
    emit("charge.refunded", charge);
    return result;
  }

  /** Lists refunds as Stripe does: newest first, filtered by payment intent or charge, `limit` (1-100) after `starting_after`. */
  function listRefunds(query: Params) {
    const intent = text(query.payment_intent);
    const charge = text(query.charge);
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new StripeError(400, "invalid_request_error", "Invalid integer", "limit");
    let matching = refunds
      .filter((candidate) => (!intent || candidate.payment_intent === intent) && (!charge || candidate.charge === charge))
      .reverse();
    const after = text(query.starting_after);
    if (after) {
      const index = matching.findIndex((candidate) => candidate.id === after);
      if (index < 0) throw new StripeError(400, "invalid_request_error", `No such refund: '${after}'`, "starting_after");
      matching = matching.slice(index + 1);
    }
    return { object: "list", data: matching.slice(0, limit), has_more: matching.length > limit, url: "/v1/refunds" };
  }

  /** Runs an API call the way Stripe answers: its bearer key checked, Idempotency-Key replays, errors as `{ error }`. */
  function api(request: FastifyRequest, reply: FastifyReply, run: () => unknown) {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return reply.code(401).send({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    }
    return answerOnce(idempotency, request, reply, {
      key: text(request.headers["idempotency-key"]),
      status: 200,
      conflict: {
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          },
        },
      },
      run,
      refusal: (error) =>
        error instanceof StripeError
          ? {
              status: error.statusCode,
              body: { error: { type: error.type, message: error.message, param: error.param, code: error.code } },
            }
          : null,
    });
  }

  const expandOf = (request: FastifyRequest) => {
    const expand = record(request.query).expand;
    return Array.isArray(expand)
      ? expand.filter((path): path is string => typeof path === "string")
      : typeof expand === "string"
        ? [expand]
        : [];
  };

  app.post("/v1/checkout/sessions", (request, reply) => api(request, reply, () => createSession(record(request.body))));
  app.get<{ Params: { id: string } }>("/v1/checkout/sessions/:id", (request, reply) =>
    api(request, reply, () => expanded(requireSession(request.params.id), expandOf(request))),
  );
  app.get("/v1/checkout/sessions", (request, reply) =>
    api(request, reply, () => {
      const intent = text(record(request.query).payment_intent);
      const data = [...sessions.values()].filter((session) => !intent || session.payment_intent === intent);
      return { object: "list", data, has_more: false, url: "/v1/checkout/sessions" };
    }),
  );
  app.post<{ Params: { id: string } }>("/v1/checkout/sessions/:id/expire", (request, reply) =>
    api(request, reply, () => {
      const session = requireSession(request.params.id);
      if (session.status !== "open") {
        throw new StripeError(400, "invalid_request_error", `Only Checkout Sessions with a status of 'open' can be expired.`);
      }
      Object.assign(session, { status: "expired", url: null });
      emit("checkout.session.expired", session);
      return session;
    }),
  );
  app.post("/v1/refunds", (request, reply) => api(request, reply, () => refund(record(request.body))));
  app.get("/v1/refunds", (request, reply) => api(request, reply, () => listRefunds(record(request.query))));
  app.get<{ Params: { id: string } }>("/v1/refunds/:id", (request, reply) =>
    api(request, reply, () => {
      const found = refunds.find((candidate) => candidate.id === request.params.id);
      if (!found) throw new StripeError(404, "invalid_request_error", `No such refund: '${request.params.id}'`, "id", "resource_missing");
      return found;
    }),
  );

  // The hosted Checkout page: the card form, the test cards beside it, and the 3-D Secure challenge.
  const look = { brand: "Stripe Checkout", accent: "#4b45c6" };
  const formOf = (session: Session) => ({
    ...look,
    action: `/stripe/pay/${session.id}`,
    title: `Pay ${session.metadata.orderNumber ?? "your order"}`,
    amount: session.amount_total,
    currency: session.currency,
    email: session.customer_email,
    cancelUrl: session.cancel_url,
  });

  app.get<{ Params: { id: string } }>("/stripe/pay/:id", (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session || session.status !== "open") {
      const heading = !session
        ? "This payment page does not exist"
        : session.status === "complete"
          ? "This payment page has been paid"
          : "This payment page has expired";
      return reply
        .code(session ? 200 : 404)
        .type("text/html")
        .send(page({ title: "Checkout", ...look, body: html`<h1>${heading}</h1>` }));
    }
    return reply.type("text/html").send(cardPage(formOf(session)));
  });

  app.post<{ Params: { id: string } }>("/stripe/pay/:id", (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session || session.status !== "open") return reply.redirect(`/stripe/pay/${request.params.id}`, 303);
    const body = record(request.body);
    const number = text(body.number) ?? "";
    const expiry = text(body.expiry) ?? "";
    if (body.authenticate === "fail")
      return reply
        .code(402)
        .type("text/html")
        .send(cardPage({ ...formOf(session), error: AUTHENTICATION_FAILED }));
    const result = payWithCard(number, expiry, body.authenticate === "complete");
    if (result.outcome === "approved") return reply.redirect(completeSession(session), 303);
    const challenge = result.outcome === "challenge" ? { number, expiry } : undefined;
    return reply
      .code(402)
      .type("text/html")
      .send(cardPage({ ...formOf(session), error: result.message, challenge }));
  });

  // Control: pay a session without a browser (a payer who closes the tab right after paying).
  app.post<{ Params: { id: string } }>("/_sandbox/stripe/sessions/:id/pay", (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session || session.status !== "open") return reply.code(409).send({ error: "The session is not open" });
    const body = record(request.body);
    // A bank debit submitted: Checkout is complete, the money not yet in, and Stripe cannot stop it now.
    if (body.delayed === true) {
      Object.assign(session, { status: "complete", payment_status: "unpaid", url: null });
      emit("checkout.session.completed", session);
      return reply.send({ redirect: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) });
    }
    const result = payWithCard(text(body.number) ?? "4242424242424242", text(body.expiry) ?? "12 / 40", body.authenticate === true);
    if (result.outcome === "approved") return reply.send({ redirect: completeSession(session) });
    return reply.code(402).send({ error: result.message, challenge: result.outcome === "challenge" });
  });
}
