import { jwtVerify, SignJWT } from "jose";

const ISSUER = "quire-api";
const ALGORITHM = "HS256";

export interface AccessTokenClaims {
  /** The customer (JWT subject). */
  customerId: number;
  /** The server-side session the token belongs to (JWT id); revoking it revokes the token. */
  sessionId: string;
  expiresAt: Date;
}

/**
 * Signs and verifies the bearer tokens of signed-in customers: JWTs with subject and expiry, tied to a session
 * row so sign-out and a password change end them before they expire.
 */
export function createAccessTokens(secret: string) {
  if (secret.length < 32) throw new Error("The token secret must be at least 32 characters");
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(String(claims.customerId))
        .setJti(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a genuine, unexpired token; null for anything else. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: [ALGORITHM] });
        const customerId = Number(payload.sub);
        if (!Number.isSafeInteger(customerId) || customerId <= 0 || !payload.jti || !payload.exp) return null;
        return { customerId, sessionId: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
