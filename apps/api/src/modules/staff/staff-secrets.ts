import { createHash, randomBytes } from "node:crypto";

/** How a bearer token says what it is: a staff session, or an API token. */
export const STAFF_SESSION_PREFIX = "qs_";
export const API_TOKEN_PREFIX = "qt_";

/** A new secret (32 random bytes, base64url, after `prefix`) and the SHA-256 that is all the database keeps of it. */
export function newSecret(prefix = ""): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString("base64url");
  return { token, hash: hashSecret(token) };
}

/** Secrets here are random and long, so a plain SHA-256 is enough: nothing to guess, nothing to stretch. */
export function hashSecret(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
