import { createHash, createHmac } from "node:crypto";
import { getEnv, type StorefrontEnv } from "./env.server";

/*
 * The Idempotency-Key the storefront sends the API is never the one a form carried (decision 018). A form's key
 * comes from the browser, which can send any key it likes, another shopper's included; the API's key is an
 * HMAC of it with a secret only the storefront knows, keyed by the shopper. The same form resent by the same
 * shopper makes the same key, so the API replays its answer; the same form key from anyone else makes another.
 */

/** Who a key belongs to, as the storefront knows the caller: the sign-in token, or the shopper's address. */
export function shopperOf(caller: { token?: string; clientAddress?: string }): string {
  return caller.token ? `token:${caller.token}` : `client:${caller.clientAddress ?? ""}`;
}

/**
 * The secret the keys are made with: IDEMPOTENCY_KEY_SECRET, or else one made from API_KEY, which every
 * storefront process of a shop shares and no browser ever sees, so a retry that reaches another process (or
 * the same one after a restart) still makes the same key.
 */
export function idempotencyKeySecretOf(env: Pick<StorefrontEnv, "IDEMPOTENCY_KEY_SECRET" | "API_KEY">): string {
  return env.IDEMPOTENCY_KEY_SECRET ?? createHash("sha256").update(`quire idempotency keys\n${env.API_KEY}`).digest("base64url");
}

/** The key sent to the API for `formKey` from `shopper`: 43 URL-safe characters, as the contract's keys allow. */
export function deriveIdempotencyKey(secret: string, shopper: string, formKey: string): string {
  return createHmac("sha256", secret).update(`${shopper}\n${formKey}`).digest("base64url");
}

let secret: string | undefined;

/** The key sent to the API for a form's key, for this caller, with the storefront's secret. */
export function idempotencyKeyFor(caller: { token?: string; clientAddress?: string }, formKey: string): string {
  secret ??= idempotencyKeySecretOf(getEnv());
  return deriveIdempotencyKey(secret, shopperOf(caller), formKey);
}
