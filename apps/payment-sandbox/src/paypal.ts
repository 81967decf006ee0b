import { generateKeyPairSync, randomUUID, sign, verify } from "node:crypto";
import { crc32 } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { html, page } from "./html";
import { answerOnce, IdempotencyStore, newId } from "./ids";
import type { SandboxEndpoints, WebhookSender } from "./webhooks";

/*
 * PayPal's REST API, as far as Quire's adapter uses it: an OAuth client-credentials token, Orders v2
 * (create, show, update by JSON Patch, capture), refunds of a capture (shown on their own and in the order's
 * purchase unit), the payer's approval page, and webhooks signed as PayPal
 * signs them: SHA256withRSA over "transmissionId|time|webhookId|crc32(body)", checked by the merchant through
 * POST /v1/notifications/verify-webhook-signature.
 */

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface Capture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "REFUNDED" | "PARTIALLY_REFUNDED";
  amount: { currency_code: string; value: string };
  refunded: number;
  orderId: string;
}

interface Refund {
  id: string;
  status: "COMPLETED";
  amount: { currency_code: string; value: string };
  customId: string | null;
  invoiceId: string | null;
  noteToPayer: string | null;
  captureId: string;
  createTime: string;
}

interface Order {
  id: string;
  intent: "CAPTURE";
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  amount: { currency_code: string; value: string };
  referenceId: string;
  customId: string | null;
  invoiceId: string | null;
  returnUrl: string;
  cancelUrl: string;
  payerId: string | null;
  captureId: string | null;
  createTime: string;
}

class PayPalError extends Error {
  constructor(
    readonly statusCode: number,
    override readonly name: string,
    message: string,
    readonly issue?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The string PayPal signs for a webhook delivery. */
export function paypalSignedString(input: { transmissionId: string; time: string; webhookId: string; body: string }) {
  return `${input.transmissionId}|${input.time}|${input.webhookId}|${crc32(input.body) >>> 0}`;
}

export function registerPayPal(app: FastifyInstance, options: PayPalOptions & { endpoints: SandboxEndpoints; sender: WebhookSender }) {
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  /** Every refund, oldest first. */
  const refunds: Refund[] = [];
  const tokens = new Set<string>();
  const idempotency = new IdempotencyStore();
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const certUrl = () => `${options.endpoints.publicUrl}/paypal/certs/sandbox`;

  function orderView(order: Order) {
    const capture = order.captureId ? captures.get(order.captureId) : undefined;
    const refunded = capture ? refunds.filter((refund) => refund.captureId === capture.id).map(refundView) : [];
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      create_time: order.createTime,
      purchase_units: [
        {
          reference_id: order.referenceId,
          custom_id: order.customId ?? undefined,
          invoice_id: order.invoiceId ?? undefined,
          amount: order.amount,
          payments: capture ? { captures: [captureView(capture)], ...(refunded.length > 0 ? { refunds: refunded } : {}) } : undefined,
        },
      ],
      payer: order.payerId ? { payer_id: order.payerId, email_address: "buyer@sandbox.example" } : undefined,
      links: [
        { href: `${options.endpoints.publicUrl}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
        ...(order.status === "PAYER_ACTION_REQUIRED"
          ? [{ href: `${options.endpoints.publicUrl}/paypal/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
          : []),
      ],
    };
  }

  function captureView(capture: Capture) {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      supplementary_data: { related_ids: { order_id: capture.orderId } },
    };
  }

  function refundView(refund: Refund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      ...(refund.customId === null ? {} : { custom_id: refund.customId }),
      ...(refund.invoiceId === null ? {} : { invoice_id: refund.invoiceId }),
      ...(refund.noteToPayer === null ? {} : { note_to_payer: refund.noteToPayer }),
      create_time: refund.createTime,
      links: [
        { href: `${options.endpoints.publicUrl}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
        { href: `${options.endpoints.publicUrl}/v2/payments/captures/${refund.captureId}`, rel: "up", method: "GET" },
      ],
    };
  }

  function emit(eventType: string, resourceType: string, resource: unknown) {
    const event = {
      id: `WH-${newId("").toUpperCase()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary: eventType,
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const signature = sign(
      "sha256",
      Buffer.from(paypalSignedString({ transmissionId, time, webhookId: options.webhookId, body })),
      privateKey,
    );
    options.sender.send(options.endpoints.webhookUrls.paypal, {
      provider: "paypal",
      id: event.id,
      type: eventType,
      body,
      headers: {
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": signature.toString("base64"),
        "paypal-cert-url": certUrl(),
        "paypal-auth-algo": "SHA256withRSA",
      },
    });
  }

  function requireOrder(id: string) {
    const order = orders.get(id);
    if (!order) throw new PayPalError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
    return order;
  }

  function createOrder(body: Json): Order {
    if (body.intent !== "CAPTURE")
      throw new PayPalError(400, "INVALID_REQUEST", "Only intent CAPTURE is supported here.", "INVALID_PARAMETER_VALUE", "/intent");
    const units = Array.isArray(body.purchase_units) ? body.purchase_units.map(record) : [];
    const unit = units[0];
    if (!unit || units.length !== 1)
      throw new PayPalError(
        400,
        "INVALID_REQUEST",
        "Exactly one purchase unit is supported here.",
        "INVALID_PARAMETER_VALUE",
        "/purchase_units",
      );
    const amount = record(unit.amount);
    const currency = text(amount.currency_code);
    const value = text(amount.value);
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      throw new PayPalError(
        400,
        "INVALID_REQUEST",
        "Invalid currency code.",
        "INVALID_CURRENCY_CODE",
        "/purchase_units/0/amount/currency_code",
      );
    if (!value || !/^\d{1,10}(\.\d{2})?$/.test(value))
      throw new PayPalError(400, "INVALID_REQUEST", "Invalid amount value.", "INVALID_PARAMETER_VALUE", "/purchase_units/0/amount/value");
    const context = { ...record(body.application_context), ...record(record(record(body.payment_source).paypal).experience_context) };
    const returnUrl = text(context.return_url);
    const cancelUrl = text(context.cancel_url);
    if (!returnUrl || !URL.canParse(returnUrl) || !cancelUrl || !URL.canParse(cancelUrl)) {
      throw new PayPalError(
        400,
        "INVALID_REQUEST",
        "return_url and cancel_url are required.",
        "MISSING_REQUIRED_PARAMETER",
        "/payment_source/paypal/experience_context",
      );
    }
    const order: Order = {
      id: newId("").toUpperCase().slice(0, 17),
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      amount: { currency_code: currency, value },
      referenceId: text(unit.reference_id) ?? "default",
      customId: text(unit.custom_id) ?? null,
      invoiceId: text(unit.invoice_id) ?? null,
      returnUrl,
      cancelUrl,
      payerId: null,
      captureId: null,
      createTime: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return order;
  }

  function captureOrder(order: Order) {
    if (order.status === "COMPLETED")
      throw new PayPalError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "ORDER_ALREADY_CAPTURED");
    if (order.status !== "APPROVED")
      throw new PayPalError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "ORDER_NOT_APPROVED");
    const capture: Capture = {
      id: newId("").toUpperCase().slice(0, 17),
      status: "COMPLETED",
      amount: order.amount,
      refunded: 0,
      orderId: order.id,
    };
    captures.set(capture.id, capture);
    Object.assign(order, { status: "COMPLETED", captureId: capture.id });
    emit("PAYMENT.CAPTURE.COMPLETED", "capture", captureView(capture));
    return order;
  }

  function refundCapture(capture: Capture, body: Json) {
    const total = Math.round(Number(capture.amount.value) * 100);
    const remaining = total - capture.refunded;
    if (remaining === 0)
      throw new PayPalError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "CAPTURE_FULLY_REFUNDED");
    const requested = text(record(body.amount).value);
    const amount = requested === undefined ? remaining : Math.round(Number(requested) * 100);
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      throw new PayPalError(
        422,
        "UNPROCESSABLE_ENTITY",
        "The refund amount must be positive and at most what is left.",
        "REFUND_AMOUNT_EXCEEDED",
      );
    }
    capture.refunded += amount;
    capture.status = capture.refunded === total ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const refund: Refund = {
      id: newId("").toUpperCase().slice(0, 17),
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: (amount / 100).toFixed(2) },
      customId: text(body.custom_id) ?? null,
      invoiceId: text(body.invoice_id) ?? null,
      noteToPayer: text(body.note_to_payer) ?? null,
      captureId: capture.id,
      createTime: new Date().toISOString(),
    };
    refunds.push(refund);
    emit("PAYMENT.CAPTURE.REFUNDED", "capture", captureView(capture));
    return refundView(refund);
  }

  /**
   * Updates an order by JSON Patch, as PayPal allows while it awaits the payer or its capture (CREATED or
   * APPROVED; PAYER_ACTION_REQUIRED is how a created order with a payment source reads): here the purchase
   * unit's custom_id and invoice_id, named by its reference_id.
   */
  function patchOrder(order: Order, body: unknown) {
    if (order.status === "COMPLETED" || order.status === "VOIDED")
      throw new PayPalError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "ORDER_COMPLETED_OR_VOIDED");
    const operations = Array.isArray(body) ? body.map(record) : [];
    if (operations.length === 0)
      throw new PayPalError(400, "INVALID_REQUEST", "A JSON Patch array is required.", "MISSING_REQUIRED_PARAMETER");
    const changes: Partial<Pick<Order, "customId" | "invoiceId">>[] = operations.map((operation) => {
      const match = /^\/purchase_units\/@reference_id=='([^']*)'\/(custom_id|invoice_id)$/.exec(text(operation.path) ?? "");
      if (!match || match[1] !== order.referenceId)
        throw new PayPalError(422, "UNPROCESSABLE_ENTITY", "The field is not patchable.", "FIELD_NOT_PATCHABLE", text(operation.path));
      const field = match[2] === "custom_id" ? "customId" : "invoiceId";
      if (operation.op === "remove") return { [field]: null };
      const value = text(operation.value);
      if ((operation.op !== "add" && operation.op !== "replace") || value === undefined || value.length > 127)
        throw new PayPalError(
          422,
          "UNPROCESSABLE_ENTITY",
          "The patch operation is not valid.",
          "INVALID_PATCH_OPERATION",
          text(operation.path),
        );
      return { [field]: value };
    });
    for (const change of changes) Object.assign(order, change);
  }

  /** A call with its bearer token checked, PayPal-Request-Id replays, and errors in PayPal's shape. */
  function api(request: FastifyRequest, reply: FastifyReply, status: number, run: () => unknown) {
    const token = request.headers.authorization?.replace(/^Bearer /, "");
    if (!token || !tokens.has(token)) {
      return reply.code(401).send({ error: "invalid_token", error_description: "Token signature verification failed" });
    }
    return answerOnce(idempotency, request, reply, {
      key: text(request.headers["paypal-request-id"]),
      status,
      conflict: {
        status: 422,
        body: {
          name: "UNPROCESSABLE_ENTITY",
          message: "PayPal-Request-Id reused for another request.",
          details: [{ issue: "DUPLICATE_REQUEST_ID" }],
        },
      },
      run,
      refusal: (error) =>
        error instanceof PayPalError
          ? {
              status: error.statusCode,
              body: { name: error.name, message: error.message, details: error.issue ? [{ issue: error.issue, field: error.field }] : [] },
            }
          : null,
    });
  }

  app.post("/v1/oauth2/token", (request, reply) => {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
    if (request.headers.authorization !== expected)
      return reply.code(401).send({ error: "invalid_client", error_description: "Client Authentication failed" });
    if (record(request.body).grant_type !== "client_credentials") return reply.code(400).send({ error: "unsupported_grant_type" });
    const token = `A21AA${newId("")}${newId("")}`;
    tokens.add(token);
    return reply.send({
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-SANDBOX",
      expires_in: 32400,
      nonce: randomUUID(),
    });
  });

  app.post("/v2/checkout/orders", (request, reply) => api(request, reply, 201, () => orderView(createOrder(record(request.body)))));
  app.get<{ Params: { id: string } }>("/v2/checkout/orders/:id", (request, reply) =>
    api(request, reply, 200, () => orderView(requireOrder(request.params.id))),
  );
  app.patch<{ Params: { id: string } }>("/v2/checkout/orders/:id", (request, reply) =>
    api(request, reply, 204, () => {
      patchOrder(requireOrder(request.params.id), request.body);
      return undefined;
    }),
  );
  app.get<{ Params: { id: string } }>("/v2/payments/refunds/:id", (request, reply) =>
    api(request, reply, 200, () => {
      const refund = refunds.find((candidate) => candidate.id === request.params.id);
      if (!refund) throw new PayPalError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      return refundView(refund);
    }),
  );
  app.post<{ Params: { id: string } }>("/v2/checkout/orders/:id/capture", (request, reply) =>
    api(request, reply, 201, () => orderView(captureOrder(requireOrder(request.params.id)))),
  );
  app.post<{ Params: { id: string } }>("/v2/payments/captures/:id/refund", (request, reply) =>
    api(request, reply, 201, () => {
      const capture = captures.get(request.params.id);
      if (!capture) throw new PayPalError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      return refundCapture(capture, record(request.body));
    }),
  );

  app.post("/v1/notifications/verify-webhook-signature", (request, reply) =>
    api(request, reply, 200, () => {
      const body = record(request.body);
      const transmissionId = text(body.transmission_id) ?? "";
      const time = text(body.transmission_time) ?? "";
      const webhookId = text(body.webhook_id) ?? "";
      const signature = Buffer.from(text(body.transmission_sig) ?? "", "base64");
      const signed = paypalSignedString({ transmissionId, time, webhookId, body: JSON.stringify(body.webhook_event ?? null) });
      const valid =
        body.auth_algo === "SHA256withRSA" &&
        body.cert_url === certUrl() &&
        webhookId === options.webhookId &&
        signature.length > 0 &&
        verify("sha256", Buffer.from(signed), publicKey, signature);
      return { verification_status: valid ? "SUCCESS" : "FAILURE" };
    }),
  );
  app.get("/paypal/certs/sandbox", (_request, reply) =>
    reply.type("application/x-pem-file").send(publicKey.export({ type: "spki", format: "pem" })),
  );

  // The payer's page: sign in as the sandbox buyer and approve, or cancel back to the shop.
  const brand = "PayPal";
  const accent = "#003087";

  function approvalPage(order: Order) {
    const amount = new Intl.NumberFormat("en-GB", { style: "currency", currency: order.amount.currency_code }).format(
      Number(order.amount.value),
    );
    return page({
      title: "Pay with PayPal",
      brand,
      accent,
      body: html`<h1>Pay ${order.invoiceId ?? "your order"} with PayPal</h1>
        <p class="amount">${amount}</p>
        <form method="post" action="/paypal/checkoutnow?token=${order.id}">
          <label for="email">PayPal account</label>
          <input id="email" name="email" type="email" autocomplete="email" value="buyer@sandbox.example" readonly />
          <button type="submit" name="action" value="approve">Pay now</button>
          <button class="secondary" type="submit" name="action" value="cancel">Cancel and return to the shop</button>
        </form>`,
    });
  }

  app.get("/paypal/checkoutnow", (request, reply) => {
    const order = orders.get(text(record(request.query).token) ?? "");
    if (!order)
      return reply
        .code(404)
        .type("text/html")
        .send(page({ title: "Not found", brand, accent, body: html`<h1>This payment does not exist</h1>` }));
    if (order.status !== "PAYER_ACTION_REQUIRED") {
      return reply.type("text/html").send(page({ title: "Done", brand, accent, body: html`<h1>This payment was already approved</h1>` }));
    }
    return reply.type("text/html").send(approvalPage(order));
  });

  app.post("/paypal/checkoutnow", (request, reply) => {
    const order = orders.get(text(record(request.query).token) ?? "");
    if (!order || order.status !== "PAYER_ACTION_REQUIRED")
      return reply.redirect(`/paypal/checkoutnow?token=${encodeURIComponent(text(record(request.query).token) ?? "")}`, 303);
    if (record(request.body).action !== "approve") {
      const back = new URL(order.cancelUrl);
      back.searchParams.set("token", order.id);
      return reply.redirect(back.toString(), 303);
    }
    return reply.redirect(approve(order), 303);
  });

  /** The payer approves: the order waits for the merchant's capture, and the payer goes back to the shop. */
  function approve(order: Order): string {
    Object.assign(order, { status: "APPROVED", payerId: newId("").toUpperCase().slice(0, 13) });
    emit("CHECKOUT.ORDER.APPROVED", "checkout-order", orderView(order));
    const back = new URL(order.returnUrl);
    back.searchParams.set("token", order.id);
    back.searchParams.set("PayerID", order.payerId ?? "");
    return back.toString();
  }

  app.post<{ Params: { id: string } }>("/_sandbox/paypal/orders/:id/approve", (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order || order.status !== "PAYER_ACTION_REQUIRED")
      return reply.code(409).send({ error: "The order is not waiting for the payer" });
    return reply.send({ redirect: approve(order) });
  });
}
