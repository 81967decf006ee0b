import { ERASURE_LINK_HOURS } from "@quire/contracts/constants";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { createEmailedToken, hashEmailedToken } from "../../security/emailed-tokens";
import { enqueueMail } from "../mail/mail.service";
import {
  anonymiseCustomerRow,
  deleteIdentityRowsOfPerson,
  insertErasureRequest,
  lockCustomerForErasure,
  lockErasureRequest,
} from "./identity-erasure.repository";
import { erasureConfirmationMail } from "./identity-mail";
import { claimIdentityMailAllowance } from "./identity-mail-cap";

/*
 * What the identity module does when a person's data is erased (decision 063): sessions, emailed links and throttles
 * deleted, the account's row emptied and blocked (returns and store credit kept for the tax law point at it).
 */

/** The customer to erase, locked for the erasure's transaction: by id, or by email; null when there is none. */
export function lockCustomerForErasureById(db: Db, input: { storeId: number; customerId?: number; email: string }) {
  return lockCustomerForErasure(db, input);
}

/** The address an erased account's row is given: unique, and one nobody can sign up with (.invalid is reserved). */
export const erasedCustomerEmail = (customerId: number) => `erased-${customerId}@erased.invalid`;

/** Deletes a person's sessions, sign-ups, invitations, reset links and throttles, and empties their account. */
export async function eraseIdentityOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string; now: Date }) {
  const counts = await deleteIdentityRowsOfPerson(db, input);
  if (input.customerId !== null) {
    await anonymiseCustomerRow(db, { customerId: input.customerId, erasedEmail: erasedCustomerEmail(input.customerId), now: input.now });
  }
  return { ...counts, account: input.customerId === null ? 0 : 1 };
}

/**
 * POST /customers/erasure-request: emails the signed-in customer a single-use link, valid ERASURE_LINK_HOURS, that
 * confirms deleting their account. 429 past the address's hourly mail allowance. Answers the address it was sent to.
 */
export async function requestErasure(
  db: Db,
  input: { store: { id: number; name: string }; customerId: number; storefrontUrl: string; now?: Date },
): Promise<{ email: string }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const customer = await lockCustomerForErasure(tx, { storeId: input.store.id, customerId: input.customerId, email: "" });
    if (!customer) throw new AppError("customer_not_found", "The customer was not found");
    if (!(await claimIdentityMailAllowance(tx, customer.email))) {
      throw new AppError("too_many_attempts", "Too many emails to this address; try again in an hour");
    }
    const { token, tokenHash } = createEmailedToken();
    await insertErasureRequest(tx, {
      customerId: customer.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + ERASURE_LINK_HOURS * 3600_000),
    });
    const context = { storeId: input.store.id, storeName: input.store.name, storefrontUrl: input.storefrontUrl };
    await enqueueMail(tx, erasureConfirmationMail(context, customer, token));
    return { email: customer.email };
  });
}

/**
 * The customer whose emailed erasure link this is, its row locked for the erasure's transaction: 400
 * `erasure_link_invalid` for an unknown or used link (the erasure deletes it), 410 `erasure_link_expired`.
 */
export async function useErasureLink(db: Db, input: { storeId: number; token: string; now: Date }): Promise<number> {
  const request = await lockErasureRequest(db, { storeId: input.storeId, tokenHash: hashEmailedToken(input.token), now: input.now });
  if (!request) throw new AppError("erasure_link_invalid", { field: "token" });
  if (request.expired) throw new AppError("erasure_link_expired", { field: "token" });
  return request.customerId;
}
