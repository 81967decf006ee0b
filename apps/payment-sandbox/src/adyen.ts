import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUTHENTICATION_FAILED, cardPage, payWithCard } from "./card-page";
import { html, page } from "./html";
import { answerOnce, IdempotencyStore, newId } from "./ids";
import type { SandboxEndpoints, WebhookSender } from "./webhooks";

/*
 * Adyen's Checkout API (v71), as far as Quire's adapter uses it: Pay by Link (create, read and force the
 * expiry of a payment link, the hosted page where the shopper pays), refunds of a payment, and standard
 * webhooks whose items carry an HMAC-SHA256 signature in additionalData.hmacSignature, computed as Adyen
 * computes it. As at Adyen, nothing lists or finds refunds: the REFUND webhook tells of each.
 */

export interface AdyenOptions {
  apiKey: string;
  merchantAccount: string;
  /** The webhook's HMAC key, hex-encoded as Adyen shows it. */
  hmacKey: string;
}

interface PaymentLink {
  id: string;
  status: "active" | "completed" | "expired" | "paymentPending";
  amount: { value: number; currency: string };
  reference: string;
  merchantAccount: string;
  returnUrl: string;
  shopperEmail: string | null;
  description: string | null;
  expiresAt: string;
  pspReference: string | null;
  refunded: number;
}

class AdyenError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Adyen's signature of a notification item: HMAC-SHA256 with the hex key over its fields joined by colons. */
export function adyenItemSignature(
  item: {
    pspReference: string;
    originalReference?: string;
    merchantAccountCode: string;
    merchantReference: string;
    amount: { value: number; currency: string };
    eventCode: string;
    success: string;
  },
  hexKey: string,
): string {
  const signed = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    item.amount.value,
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
  return createHmac("sha256", Buffer.from(hexKey, "hex")).update(signed).digest("base64");
}

const pspReference = () => String(Date.now()).slice(-10) + String(Math.floor(Math.random() * 1e6)).padStart(6, "0");

export function registerAdyen(app: FastifyInstance, options: AdyenOptions & { endpoints: SandboxEndpoints; sender: WebhookSender }) {
  const links = new Map<string, PaymentLink>();
  const idempotency = new IdempotencyStore();

  function notify(
    link: PaymentLink,
    input: { eventCode: string; success: boolean; psp: string; original?: string; reference?: string; value?: number },
  ) {
    const item = {
      additionalData: {} as Record<string, string>,
      amount: { value: input.value ?? link.amount.value, currency: link.amount.currency },
      eventCode: input.eventCode,
      eventDate: new Date().toISOString(),
      merchantAccountCode: link.merchantAccount,
      merchantReference: input.reference ?? link.reference,
      pspReference: input.psp,
      ...(input.original ? { originalReference: input.original } : {}),
      paymentMethod: "visa",
      reason: input.success ? "" : "Refused",
      success: String(input.success),
    };
    if (input.eventCode === "AUTHORISATION") item.additionalData.paymentLinkId = link.id;
    item.additionalData.hmacSignature = adyenItemSignature(item, options.hmacKey);
    const body = JSON.stringify({ live: "false", notificationItems: [{ NotificationRequestItem: item }] });
    options.sender.send(options.endpoints.webhookUrls.adyen, {
      provider: "adyen",
      id: `${input.eventCode}:${input.psp}`,
      type: input.eventCode,
      body,
      headers: {},
    });
  }

  function view(link: PaymentLink) {
    return {
      id: link.id,
      url: `${options.endpoints.publicUrl}/adyen/payByLink/${link.id}`,
      status: link.status,
      amount: link.amount,
      reference: link.reference,
      merchantAccount: link.merchantAccount,
      returnUrl: link.returnUrl,
      expiresAt: link.expiresAt,
      ...(link.shopperEmail ? { shopperEmail: link.shopperEmail } : {}),
      ...(link.description ? { description: link.description } : {}),
    };
  }

  function createLink(body: Json): PaymentLink {
    const amount = record(body.amount);
    const value = amount.value;
    const currency = text(amount.currency);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
      throw new AdyenError(422, "100", "Required field 'amount.value' is not provided or invalid.");
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      throw new AdyenError(422, "100", "Required field 'amount.currency' is not provided or invalid.");
    if (body.merchantAccount !== options.merchantAccount) throw new AdyenError(403, "901", "Invalid Merchant Account");
    const reference = text(body.reference);
    if (!reference) throw new AdyenError(422, "100", "Required field 'reference' is not provided.");
    const returnUrl = text(body.returnUrl);
    if (!returnUrl || !URL.canParse(returnUrl)) throw new AdyenError(422, "100", "Required field 'returnUrl' is not provided or invalid.");
    const link: PaymentLink = {
      id: `PL${newId("").toUpperCase().slice(0, 20)}`,
      status: "active",
      amount: { value, currency },
      reference,
      merchantAccount: options.merchantAccount,
      returnUrl,
      shopperEmail: text(body.shopperEmail) ?? null,
      description: text(body.description) ?? null,
      expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      pspReference: null,
      refunded: 0,
    };
    links.set(link.id, link);
    return link;
  }

  function refund(paymentPsp: string, body: Json) {
    const link = [...links.values()].find((candidate) => candidate.pspReference === paymentPsp);
    if (!link) throw new AdyenError(422, "167", "Original pspReference required for this operation");
    const amount = record(body.amount);
    const value = typeof amount.value === "number" ? amount.value : NaN;
    if (!Number.isInteger(value) || value < 1 || value > link.amount.value - link.refunded || amount.currency !== link.amount.currency) {
      throw new AdyenError(422, "137", "Invalid amount specified");
    }
    link.refunded += value;
    const psp = pspReference();
    notify(link, {
      eventCode: "REFUND",
      success: true,
      psp,
      original: paymentPsp,
      reference: text(body.reference) ?? link.reference,
      value,
    });
    return {
      merchantAccount: link.merchantAccount,
      paymentPspReference: paymentPsp,
      pspReference: psp,
      reference: text(body.reference),
      status: "received",
      amount: { value, currency: link.amount.currency },
    };
  }

  function api(request: FastifyRequest, reply: FastifyReply, status: number, run: () => unknown) {
    if (request.headers["x-api-key"] !== options.apiKey) {
      return reply.code(401).send({ status: 401, errorCode: "000", message: "HTTP Status Response - Unauthorized", errorType: "security" });
    }
    return answerOnce(idempotency, request, reply, {
      key: text(request.headers["idempotency-key"]),
      status,
      conflict: {
        status: 422,
        body: { status: 422, errorCode: "704", message: "request already processed or in progress", errorType: "validation" },
      },
      run,
      refusal: (error) =>
        error instanceof AdyenError
          ? {
              status: error.status,
              body: { status: error.status, errorCode: error.errorCode, message: error.message, errorType: "validation" },
            }
          : null,
    });
  }

  app.post("/v71/paymentLinks", (request, reply) => api(request, reply, 201, () => view(createLink(record(request.body)))));
  app.get<{ Params: { id: string } }>("/v71/paymentLinks/:id", (request, reply) =>
    api(request, reply, 200, () => {
      const link = links.get(request.params.id);
      if (!link) throw new AdyenError(404, "000", "Payment link not found");
      return view(link);
    }),
  );
  // Forcing a link's expiry: the only status Adyen accepts is "expired". Expiring an expired link again answers
  // it as it is; a link already paid (or being paid) is refused, as it can no longer expire.
  app.patch<{ Params: { id: string } }>("/v71/paymentLinks/:id", (request, reply) =>
    api(request, reply, 200, () => {
      const link = links.get(request.params.id);
      if (!link) throw new AdyenError(404, "000", "Payment link not found");
      if (record(request.body).status !== "expired")
        throw new AdyenError(422, "100", "Field 'status' is not valid: only expired is allowed.");
      if (link.status === "completed" || link.status === "paymentPending")
        throw new AdyenError(422, "000", `A payment link with status ${link.status} cannot be expired`);
      link.status = "expired";
      return view(link);
    }),
  );
  app.post<{ Params: { psp: string } }>("/v71/payments/:psp/refunds", (request, reply) =>
    api(request, reply, 201, () => refund(request.params.psp, record(request.body))),
  );

  // The Pay by Link page: the card form with the test cards, and the 3-D Secure challenge.
  const look = { brand: "Adyen", accent: "#0b6a3a" };

  /** Pays a link with a card: on success the link completes and the AUTHORISATION webhook goes out. */
  function attempt(link: PaymentLink, body: Json, authenticated: boolean) {
    const result = payWithCard(text(body.number) ?? "", text(body.expiry) ?? "", authenticated);
    if (result.outcome === "approved") {
      const psp = pspReference();
      Object.assign(link, { status: "completed", pspReference: psp });
      notify(link, { eventCode: "AUTHORISATION", success: true, psp });
      return { redirect: link.returnUrl };
    }
    if (result.outcome === "declined") notify(link, { eventCode: "AUTHORISATION", success: false, psp: pspReference() });
    return result;
  }

  app.get<{ Params: { id: string } }>("/adyen/payByLink/:id", (request, reply) => {
    const link = links.get(request.params.id);
    if (!link || link.status !== "active") {
      return reply
        .code(link ? 200 : 404)
        .type("text/html")
        .send(
          page({
            title: "Payment link",
            ...look,
            body: html`<h1>
              ${
                !link
                  ? "This payment link does not exist"
                  : link.status === "expired"
                    ? "This payment link has expired"
                    : "This link has been paid"
              }
            </h1>`,
          }),
        );
    }
    return reply.type("text/html").send(
      cardPage({
        ...look,
        action: `/adyen/payByLink/${link.id}`,
        title: `Pay ${link.description ?? link.reference}`,
        amount: link.amount.value,
        currency: link.amount.currency,
        email: link.shopperEmail,
      }),
    );
  });
  app.post<{ Params: { id: string } }>("/adyen/payByLink/:id", (request, reply) => {
    const link = links.get(request.params.id);
    if (!link || link.status !== "active") return reply.redirect(`/adyen/payByLink/${request.params.id}`, 303);
    const body = record(request.body);
    const form = {
      ...look,
      action: `/adyen/payByLink/${link.id}`,
      title: `Pay ${link.description ?? link.reference}`,
      amount: link.amount.value,
      currency: link.amount.currency,
      email: link.shopperEmail,
    };
    if (body.authenticate === "fail")
      return reply
        .code(402)
        .type("text/html")
        .send(cardPage({ ...form, error: AUTHENTICATION_FAILED }));
    const result = attempt(link, body, body.authenticate === "complete");
    if ("redirect" in result) return reply.redirect(result.redirect, 303);
    const challenge = result.outcome === "challenge" ? { number: text(body.number) ?? "", expiry: text(body.expiry) ?? "" } : undefined;
    return reply
      .code(402)
      .type("text/html")
      .send(cardPage({ ...form, error: result.message, challenge }));
  });
  app.post<{ Params: { id: string } }>("/_sandbox/adyen/links/:id/pay", (request, reply) => {
    const link = links.get(request.params.id);
    if (!link || link.status !== "active") return reply.code(409).send({ error: "The link is not active" });
    const body = record(request.body);
    // A shopper paying by an asynchronous method: the link waits on it, and can no longer be expired.
    if (body.asynchronous === true) {
      link.status = "paymentPending";
      return reply.send({ redirect: link.returnUrl });
    }
    const result = attempt(
      link,
      { number: body.number ?? "4242424242424242", expiry: body.expiry ?? "12 / 40" },
      body.authenticate === true,
    );
    if ("redirect" in result) return reply.send(result);
    return reply.code(402).send({ error: result.message, challenge: result.outcome === "challenge" });
  });
}
