import { randomBytes } from "node:crypto";

/** A gateway-style id: its prefix and 24 random characters (`cs_test_…`, `pi_…`). */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Replays of unsafe calls, as gateways keep them: the same key with the same request answers the first
 * answer again; the same key with another request is refused.
 */
export class IdempotencyStore<Answer> {
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
