import { Secret, TOTP } from "otpauth";

/** RFC 6238 codes as authenticator apps make them: SHA-1, six digits, thirty-second steps. */
const PERIOD_SECONDS = 30;

function totpOf(secret: string, label = "staff", issuer = "Quire") {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS });
}

/** A new secret for an authenticator app (160 bits, as RFC 4226 recommends), with the otpauth:// address its QR code carries. */
export function newTotpSecret(label: string, issuer: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label, issuer).toString() };
}

/**
 * The time step a code belongs to, when it is right for now or for the step either side (a phone's clock may be
 * thirty seconds off); null otherwise. The caller accepts a step once, so a code seen over a shoulder is spent.
 */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows for `secret` at `now` (tests and the CLI's checks). */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}
