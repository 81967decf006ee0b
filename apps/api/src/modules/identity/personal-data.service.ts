import type { Db } from "../../db/client";
import { findCustomerForExport, findCustomerIdByEmail, listSignUpsByEmail } from "./identity.repository";
import { countCustomerSessions } from "./sessions.repository";

/*
 * What the identity module holds about a person, for their data export (decision 062): the account, how often
 * and when they signed in, and the registrations and invitations made for their address. Never a password hash,
 * a session id or an emailed link's token.
 */

/** The store's customer with this email, if any: whose account an export by email includes. */
export function findCustomerIdForExport(db: Db, input: { storeId: number; email: string }): Promise<number | null> {
  return findCustomerIdByEmail(db, input);
}

/** A customer's account and sign-ins as their export shows them; null when the store has no such customer. */
export async function getAccountForExport(db: Db, input: { storeId: number; customerId: number }) {
  const account = await findCustomerForExport(db, input);
  if (!account) return null;
  return { account, sessions: await countCustomerSessions(db, input.customerId) };
}

/** The registrations and trade invitations made for an address, newest first, at most `limit` of each. */
export async function listSignUpsForExport(db: Db, input: { storeId: number; email: string; limit: number }) {
  const { registrations, invitations } = await listSignUpsByEmail(db, input);
  return [
    ...registrations.map((row) => ({ kind: "registration" as const, companyName: "", ...row })),
    ...invitations.map((row) => ({ kind: "trade_invitation" as const, ...row })),
  ];
}
