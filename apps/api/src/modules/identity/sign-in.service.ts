import { randomBytes } from "node:crypto";
import type { SignInBody, SignInResult } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { AccessTokens } from "./access-tokens";
import { findCurrentPrivacyPolicy, findCustomerCredentialsByEmail } from "./identity.repository";
import { hashPassword, verifyPassword } from "./passwords";
import { insertSession, revokeSession } from "./sessions.repository";
import { clearThrottle, lockWhenExhausted, refundAttempt, reserveAttempt, type ThrottleRule } from "./sign-in-throttle.repository";

/** The sign-in throttle, which staff sign-in shares (modules/staff): counted before the password is checked. */
export { clearThrottle, lockWhenExhausted, refundAttempt, reserveAttempt } from "./sign-in-throttle.repository";

/** What the identity use cases need besides a database. */
export interface IdentityDeps {
  db: Db;
  accessTokens: AccessTokens;
  sessionTtlDays: number;
  /** The storefront's public address without a trailing slash, for emailed links. */
  storefrontUrl: string;
}

/** Per account: 5 failed sign-ins within 15 minutes lock that email for 15 minutes. */
export const ACCOUNT_THROTTLE: ThrottleRule = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/**
 * Per client address: 50 failures within 15 minutes, against any accounts, lock that address out of
 * sign-in for 15 minutes. Higher than the account limit because an office or a mobile network shares one
 * address; successful sign-ins never count.
 */
export const CLIENT_THROTTLE: ThrottleRule = { maxFailures: 50, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export const accountThrottleKey = (storeId: number, email: string) => `account:${storeId}:${email}`;
export const clientThrottleKey = (clientIp: string) => `client:${clientIp}`;

/** A sign-in refused while its account or client address is locked; answered with Retry-After. */
export function tooManyAttempts(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;
  return new AppError("too_many_attempts", message, { retryAfterSeconds });
}

const invalidCredentials = () => new AppError("invalid_credentials");

// Checked when the email is unknown, so an unknown email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

/**
 * Signs a customer in: counts the attempt against the account and the client address first (429 when
 * either is locked), checks the password, and on success starts a session. Wrong email and wrong password
 * answer the same 401.
 */
export async function signIn(
  deps: IdentityDeps,
  input: SignInBody & { storeId: number; clientIp: string; userAgent: string },
): Promise<SignInResult> {
  const { db } = deps;
  const accountKey = accountThrottleKey(input.storeId, input.email);
  const clientKey = clientThrottleKey(input.clientIp);

  const account = await reserveAttempt(db, accountKey, ACCOUNT_THROTTLE);
  if (!account.allowed) throw tooManyAttempts(account.retryAfterSeconds);
  const client = await reserveAttempt(db, clientKey, CLIENT_THROTTLE);
  if (!client.allowed) {
    await refundAttempt(db, accountKey);
    throw tooManyAttempts(client.retryAfterSeconds);
  }

  const customer = await findCustomerCredentialsByEmail(db, input.storeId, input.email);
  const passwordMatches = await verifyPassword(customer?.passwordHash ?? (await getDummyHash()), input.password);
  if (!customer || !passwordMatches) {
    await lockWhenExhausted(db, accountKey, ACCOUNT_THROTTLE);
    await lockWhenExhausted(db, clientKey, CLIENT_THROTTLE);
    throw invalidCredentials();
  }

  await clearThrottle(db, accountKey);
  await refundAttempt(db, clientKey);
  return startSession(deps, db, customer, input.userAgent);
}

/**
 * Opens a session for a customer and signs its token. `db` may be the transaction that just created the
 * customer or changed their password, so the session exists exactly when that change does.
 */
export async function startSession(
  deps: Pick<IdentityDeps, "accessTokens" | "sessionTtlDays">,
  db: Db,
  customer: {
    id: number;
    storeId: number;
    passwordChangeRequired: boolean;
    acceptedPrivacyPolicyId: number | null;
    blockedAt?: Date | null;
  },
  userAgent: string,
): Promise<SignInResult> {
  // Every way in (sign-in, a completed reset) ends here: a blocked customer is told so once the password was right.
  if (customer.blockedAt) throw new AppError("account_blocked");
  const sessionId = randomBytes(24).toString("base64url");
  // Whole seconds, as the token's exp claim holds it.
  const expiresAt = new Date(Math.floor((Date.now() + deps.sessionTtlDays * 24 * 60 * 60 * 1000) / 1000) * 1000);
  await insertSession(db, { id: sessionId, customerId: customer.id, expiresAt, userAgent: userAgent.slice(0, 300) });
  const policy = await findCurrentPrivacyPolicy(db, customer.storeId);
  const token = await deps.accessTokens.sign({ customerId: customer.id, sessionId, expiresAt });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    needsAcceptPrivacyPolicy: policy !== null && customer.acceptedPrivacyPolicyId !== policy.id,
    passwordChangeRequired: customer.passwordChangeRequired,
  };
}

/** Ends the session behind the caller's token; the token answers 401 from then on. */
export async function signOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}
