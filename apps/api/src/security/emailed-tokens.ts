import { createHash, randomBytes } from "node:crypto";

/**
 * The tokens in emailed links (sign-up, invite, password reset): 32 random bytes, base64url. Only their
 * SHA-256 is stored, so a leaked database row cannot be turned back into a working link. A plain hash (no
 * salt, no stretching) is enough because the token itself carries 256 bits of randomness.
 */
export function createEmailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashEmailedToken(token) };
}

export function hashEmailedToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
