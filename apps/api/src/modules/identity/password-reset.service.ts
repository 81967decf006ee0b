import { passwordMatchesEmail, type PasswordResetCompleteBody, type SignInResult } from "@quire/contracts";
import { AppError } from "../../http/errors";
import { enqueueMail } from "../mail/mail.service";
import { assertLinkUsable } from "./emailed-links";
import { createEmailedToken, hashEmailedToken } from "../../security/emailed-tokens";
import { passwordChangedMail, passwordResetMail, RESET_LINK_MINUTES } from "./identity-mail";
import { claimIdentityMailAllowance, reserveIdentityMailForClient } from "./identity-mail-cap";
import {
  findCustomerCredentialsByEmail,
  findCustomerCredentialsById,
  insertPasswordResetToken,
  lockPasswordResetToken,
  markPasswordResetTokensUsed,
  updateCustomerPassword,
} from "./identity.repository";
import { hashPassword } from "./passwords";
import { revokeCustomerSessions } from "./sessions.repository";
import { accountThrottleKey, startSession, type IdentityDeps } from "./sign-in.service";
import { clearThrottle } from "./sign-in-throttle.repository";

interface StoreRef {
  id: number;
  name: string;
}

/**
 * Emails a single-use reset link (valid 60 minutes) when the email has an account. Unknown emails get the
 * same answer and no mail. Sign-in throttling plays no part: a locked-out customer can always reset. Counted
 * against the client first (429 past its limit), whether or not the email has an account.
 */
export async function requestPasswordReset(deps: IdentityDeps, store: StoreRef, email: string, clientIp: string): Promise<void> {
  await reserveIdentityMailForClient(deps.db, clientIp);
  const context = { storeId: store.id, storeName: store.name, storefrontUrl: deps.storefrontUrl };
  await deps.db.transaction(async (tx) => {
    const customer = await findCustomerCredentialsByEmail(tx, store.id, email);
    if (!customer || !(await claimIdentityMailAllowance(tx, email))) return;
    const { token, tokenHash } = createEmailedToken();
    const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60 * 1000);
    await insertPasswordResetToken(tx, { customerId: customer.id, tokenHash, expiresAt });
    await enqueueMail(tx, passwordResetMail(context, customer, token));
  });
}

/**
 * Sets a new password from an emailed link. Uses up every outstanding link, ends every session, lifts a
 * forced password change and the account's sign-in lock, and signs in afresh.
 */
export async function completePasswordReset(
  deps: IdentityDeps,
  store: StoreRef,
  input: PasswordResetCompleteBody,
  userAgent: string,
): Promise<SignInResult> {
  const context = { storeId: store.id, storeName: store.name, storefrontUrl: deps.storefrontUrl };
  return deps.db.transaction(async (tx) => {
    const reset = await lockPasswordResetToken(tx, store.id, hashEmailedToken(input.token));
    assertLinkUsable("reset", reset);
    if (passwordMatchesEmail(input.password, reset.email)) {
      throw new AppError("password_matches_email", { field: "password" });
    }

    await updateCustomerPassword(tx, reset.customerId, await hashPassword(input.password));
    await markPasswordResetTokensUsed(tx, reset.customerId);
    await revokeCustomerSessions(tx, reset.customerId);
    await clearThrottle(tx, accountThrottleKey(store.id, reset.email));
    await enqueueMail(tx, passwordChangedMail(context, reset));
    const customer = await findCustomerCredentialsById(tx, reset.customerId);
    if (!customer) throw new Error("the customer of a locked reset token disappeared");
    return startSession(deps, tx, customer, userAgent);
  });
}
