import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { countRecentMail, lockRecipientMail } from "../mail/mail.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";

/**
 * Sign-up and password-reset requests one client address may make an hour, whatever addresses they name; past
 * it, 429 `too_many_requests` with Retry-After. The per-address cap below stops one address being flooded; this
 * one stops one client mailing a list of addresses. Every request counts, mailed or not, so the refusal never
 * tells whether an address has an account. A handful, as the contact form's 5, with room for a household or an
 * office behind one address to sign up and ask again.
 */
export const IDENTITY_MAIL_CLIENT_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const satisfies LimitRule;

export const identityMailClientKey = (clientIp: string) => rateLimitKey("identity-mail:client", clientIp);

/** Counts one identity-mail request against the client's hourly limit; throws 429 with Retry-After past it. */
export async function reserveIdentityMailForClient(db: Db, clientIp: string): Promise<void> {
  const client = await reserveLimit(db, identityMailClientKey(clientIp), IDENTITY_MAIL_CLIENT_LIMIT);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });
}

/** At most this many identity emails go to one address per hour; past it, requests are answered but not mailed. */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;

/** The emails an anonymous caller can make Quire send to any address: the ones the cap limits. */
const CAPPED_KINDS = ["signup_request", "account_exists", "password_reset"];

/**
 * Whether `email` may be sent one more identity email (sign-up link, account note, reset link) this hour.
 * Call it inside the transaction that then queues the mail: it takes the address's mail lock first, held
 * until that transaction ends, so concurrent requests for one address are counted one after another and
 * exactly MAIL_PER_ADDRESS_PER_HOUR get through (lockRecipientMail says why a lock).
 */
export async function claimIdentityMailAllowance(tx: Db, email: string): Promise<boolean> {
  await lockRecipientMail(tx, email);
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  return (await countRecentMail(tx, email, CAPPED_KINDS, hourAgo)) < MAIL_PER_ADDRESS_PER_HOUR;
}
