import type { Db } from "../../db/client";
import { countRecentMail, lockRecipientMail } from "../mail/outbox.repository";

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
