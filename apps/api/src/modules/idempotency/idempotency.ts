import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { claimKey, completeKey, copyKeyToScope, releaseKey } from "./idempotency.repository";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route accepts an Idempotency-Key header (decision 018); its schema declares IdempotentCallHeadersSchema. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * This request repeats one with the same Idempotency-Key whose process died before keeping its answer: what
     * the first did may have committed. A route that moves money answers what the first made, if it made it.
     */
    repeatsUnfinishedRequest: boolean;
  }
}

/** How long a key keeps its answer. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long a first request may hold its key before a retry may take it over, unless IDEMPOTENCY_LEASE_SECONDS
 * says otherwise: longer than any request runs (a connection waits at most 5 s, statements are short), so
 * only a process that died mid-request loses it, and its retries answer 409 until then.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/** Statuses that say "try again": the key is released so the retry runs, instead of replaying the failure. */
const isRetryable = (status: number) => status === 429 || status >= 500;

/** The fields in which a guest's call names their basket: `anonymousId`, and POST /orders' `anonymousBasketId`. */
const BASKET_FIELDS = ["anonymousId", "anonymousBasketId"] as const;

/** The guest's basket a request names in its body or query, if any. */
function namedBasketOf(request: FastifyRequest): string | null {
  for (const part of [request.body, request.query]) {
    if (typeof part !== "object" || part === null) continue;
    for (const field of BASKET_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (typeof value === "string" && value !== "") return value;
    }
  }
  return null;
}

/**
 * Whose key it is. A customer's keys are theirs. A guest's are their basket's when the call names one: its
 * anonymousId is a secret only that guest holds, so nobody else can be answered from them. A guest's call that
 * names no basket (the first add, which makes one) belongs to the caller's address, so another client sending
 * the same key is not handed the basket the first one made.
 */
export function idempotencyScopeOf(request: FastifyRequest): string {
  // A merchant's call: the member, token or key that made it.
  if (request.ctx.admin) return `admin:${request.ctx.admin.type}:${request.ctx.admin.id}`;
  if (request.ctx.customerId !== null) return `customer:${request.ctx.customerId}`;
  const basket = namedBasketOf(request);
  return basket === null ? `client:${request.ctx.clientIp}` : `basket:${basket}`;
}

/** The guest basket a successful answer made or names (`data.anonymousId` of a cart), if any. */
function answeredBasketOf(body: string): string | null {
  try {
    const answer: unknown = JSON.parse(body);
    const data = typeof answer === "object" && answer !== null ? (answer as { data?: unknown }).data : undefined;
    const anonymousId = typeof data === "object" && data !== null ? (data as { anonymousId?: unknown }).anonymousId : undefined;
    return typeof anonymousId === "string" && anonymousId !== "" ? anonymousId : null;
  } catch {
    return null;
  }
}

/** The request as its key promises it: the route and the input as parsed, in a stable form. */
function requestHash(route: string, request: FastifyRequest): string {
  return createHash("sha256")
    .update(JSON.stringify({ route, params: request.params ?? null, query: request.query ?? null, body: request.body ?? null }))
    .digest("hex");
}

/**
 * Idempotency-Key for the routes that opt in with `config: { idempotent: true }`. A request with a key claims
 * it before its handler runs (after validation: a malformed request is refused without using its key up);
 * the same key with the same input replays the first answer with `Idempotent-Replayed: true`; with other
 * input it answers 422 `idempotency_key_reused`; while the first is still running, 409
 * `idempotency_request_in_flight`. A request without the header runs as usual.
 *
 * The answer is kept after the handler's own transaction has committed, so a process that dies in between
 * leaves the key in flight until its lease lapses, and then a retry runs again: routes that move money must
 * also be idempotent in their own rules (an order placed from a cart moves the cart to "ordered", and a
 * second attempt finds it so; a payment retried so, told by `request.repeatsUnfinishedRequest`, answers the
 * attempt the first made).
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; leaseSeconds?: number }) {
  const claims = new WeakMap<FastifyRequest, { id: number; scope: string }>();
  app.decorateRequest("repeatsUnfinishedRequest", false);

  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers["idempotency-key"];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined) return;

    const route = `${request.method} ${request.routeOptions.url}`;
    const scope = idempotencyScopeOf(request);
    const outcome = await claimKey(deps.db, {
      storeId: request.ctx.store.id,
      scope,
      key,
      route,
      requestHash: requestHash(route, request),
      leaseSeconds: deps.leaseSeconds ?? IDEMPOTENCY_LEASE_SECONDS,
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    });
    switch (outcome.kind) {
      case "claimed":
        claims.set(request, { id: outcome.id, scope });
        request.repeatsUnfinishedRequest = outcome.unfinished;
        return;
      case "other_request":
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was used for another request; make up a new key for a new request",
        );
      case "in_flight":
        throw new AppError("idempotency_request_in_flight", "A request with this Idempotency-Key is still running; try again in a moment");
      case "completed":
        return reply.code(outcome.status).header("idempotent-replayed", "true").type("application/json; charset=utf-8").send(outcome.body);
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = claims.get(request);
    if (claim === undefined) return payload;
    claims.delete(request);
    try {
      if (isRetryable(reply.statusCode)) await releaseKey(deps.db, claim.id);
      else {
        const body = typeof payload === "string" ? payload : JSON.stringify(payload);
        await completeKey(deps.db, claim.id, { status: reply.statusCode, body });
        // A guest's first add made their basket: the key is that basket's too, so the same form resent with the
        // new basket's cookie is known (422 idempotency_key_reused) rather than run again as a new request.
        const madeBasket = claim.scope.startsWith("client:") && reply.statusCode < 300 ? answeredBasketOf(body) : null;
        if (madeBasket) await copyKeyToScope(deps.db, claim.id, `basket:${madeBasket}`);
      }
    } catch (error) {
      // The answer still goes out; the key stays in flight until its lease lapses, then a retry runs again.
      request.log.warn({ err: error }, "could not record the answer of an Idempotency-Key");
    }
    return payload;
  });
}
