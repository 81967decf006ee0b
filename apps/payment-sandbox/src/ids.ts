import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A gateway-style id: its prefix and 24 random characters (`cs_test_…`, `pi_…`). */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An answer to an API call: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Replays of unsafe calls, as gateways keep them: the same key with the same request answers the first
 * answer again; the same key with another request is refused.
 */
export class IdempotencyStore {
  private readonly seen = new Map<string, { fingerprint: string; answer: Answer }>();

  /** The earlier answer for `key`, "conflict" when it was used for another request, or null when it is new. */
  replay(key: string | undefined, fingerprint: string): Answer | "conflict" | null {
    if (!key) return null;
    const earlier = this.seen.get(key);
    if (!earlier) return null;
    return earlier.fingerprint === fingerprint ? earlier.answer : "conflict";
  }

  remember(key: string | undefined, fingerprint: string, answer: Answer) {
    if (key) this.seen.set(key, { fingerprint, answer });
  }
}

/**
 * Answers a gateway API call the way gateways do: a POST with an idempotency key already seen replays its
 * first answer (or is refused as `conflict` if the request differs); otherwise `run` answers, and an error
 * `refusal` recognises becomes the gateway's own error answer. POST answers are remembered under their key.
 */
export function answerOnce(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { key: string | undefined; status: number; conflict: Answer; run: () => unknown; refusal: (error: unknown) => Answer | null },
) {
  const fingerprint = `${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
  const earlier = store.replay(options.key, fingerprint);
  if (earlier === "conflict") return reply.code(options.conflict.status).send(options.conflict.body);
  if (earlier) return reply.code(earlier.status).header("idempotent-replayed", "true").send(earlier.body);
  let answer: Answer;
  try {
    answer = { status: options.status, body: options.run() };
  } catch (error) {
    const refused = options.refusal(error);
    if (!refused) throw error;
    answer = refused;
  }
  if (request.method === "POST") store.remember(options.key, fingerprint, answer);
  return reply.code(answer.status).send(answer.body);
}
