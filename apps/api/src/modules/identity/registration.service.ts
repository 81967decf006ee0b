import {
  passwordMatchesEmail,
  type InviteCompleteBody,
  type SignInResult,
  type SignupCompleteBody,
  type SignupRequestBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { enqueueMail } from "../mail/mail.service";
import { assertLinkUsable } from "./emailed-links";
import { createEmailedToken, hashEmailedToken } from "../../security/emailed-tokens";
import { accountExistsMail, inviteMail, SIGNUP_LINK_HOURS, signupRequestMail } from "./identity-mail";
import { claimIdentityMailAllowance, reserveIdentityMailForClient } from "./identity-mail-cap";
import {
  customerEmailExists,
  findCurrentPrivacyPolicy,
  findOrCreateCompany,
  insertCustomer,
  insertInvite,
  insertSignupRequest,
  lockInvite,
  lockSignupRequest,
  markInviteCompleted,
  markSignupRequestCompleted,
} from "./identity.repository";
import { hashPassword } from "./passwords";
import { startSession, type IdentityDeps } from "./sign-in.service";

interface StoreRef {
  id: number;
  name: string;
}

/**
 * A registration request: emails a completion link, or, when the address already has an account, a note
 * saying so. The caller sees the same answer either way. Counted against the client first (429 past its limit).
 */
export async function requestSignup(deps: IdentityDeps, store: StoreRef, input: SignupRequestBody, clientIp: string): Promise<void> {
  await reserveIdentityMailForClient(deps.db, clientIp);
  const context = { storeId: store.id, storeName: store.name, storefrontUrl: deps.storefrontUrl };
  await deps.db.transaction(async (tx) => {
    if (!(await claimIdentityMailAllowance(tx, input.email))) return;
    if (await customerEmailExists(tx, store.id, input.email)) {
      await enqueueMail(tx, accountExistsMail(context, input));
      return;
    }
    const { token, tokenHash } = createEmailedToken();
    const expiresAt = new Date(Date.now() + SIGNUP_LINK_HOURS * 60 * 60 * 1000);
    await insertSignupRequest(tx, { storeId: store.id, ...input, tokenHash, expiresAt });
    await enqueueMail(tx, signupRequestMail(context, input, token));
  });
}

/** The privacy policy a completion form accepted, which must be the current one. */
async function acceptedPolicyId(db: Db, storeId: number, privacyPolicyId: number | undefined): Promise<number | null> {
  if (privacyPolicyId === undefined) return null;
  const current = await findCurrentPrivacyPolicy(db, storeId);
  if (current?.id !== privacyPolicyId) {
    throw new AppError("privacy_policy_not_current", { field: "privacyPolicyId" });
  }
  return current.id;
}

function assertPasswordIsNotEmail(password: string, email: string) {
  if (passwordMatchesEmail(password, email)) {
    throw new AppError("password_matches_email", { field: "password" });
  }
}

const emailTaken = () => new AppError("email_already_registered");

/** Finishes a registration from its emailed link: creates the customer and signs them in. */
export async function completeSignup(
  deps: IdentityDeps,
  store: StoreRef,
  input: SignupCompleteBody,
  userAgent: string,
): Promise<SignInResult> {
  return deps.db.transaction(async (tx) => {
    const request = await lockSignupRequest(tx, store.id, hashEmailedToken(input.token));
    assertLinkUsable("signup", request);
    assertPasswordIsNotEmail(input.password, request.email);
    const policyId = await acceptedPolicyId(tx, store.id, input.privacyPolicyId);

    const customerId = await insertCustomer(tx, {
      storeId: store.id,
      email: request.email,
      passwordHash: await hashPassword(input.password),
      firstName: request.firstName,
      lastName: request.lastName,
      companyName: "",
      isTrade: false,
      acceptedPrivacyPolicyId: policyId,
    });
    if (customerId === null) throw emailTaken();
    await markSignupRequestCompleted(tx, request.id);
    return startSession(
      deps,
      tx,
      { id: customerId, storeId: store.id, passwordChangeRequired: false, acceptedPrivacyPolicyId: policyId },
      userAgent,
    );
  });
}

export const INVITE_DEFAULT_DAYS = 14;

/**
 * Invites a trade buyer: stores the invite and emails its link in one transaction. Returns the link too,
 * for the CLI and the seed to print.
 */
export async function createInvite(
  db: Db,
  input: {
    store: StoreRef;
    storefrontUrl: string;
    email: string;
    firstName: string;
    lastName: string;
    companyName: string;
    expiresInDays?: number;
    /** False when the caller hands the link over itself (the demo seed prints it). */
    sendEmail?: boolean;
  },
): Promise<{ inviteId: number; url: string; expiresAt: Date }> {
  const expiresInDays = input.expiresInDays ?? INVITE_DEFAULT_DAYS;
  const expiresAt = new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000);
  const { token, tokenHash } = createEmailedToken();
  const context = { storeId: input.store.id, storeName: input.store.name, storefrontUrl: input.storefrontUrl };
  const mail = inviteMail(context, input, token, expiresInDays);
  const inviteId = await db.transaction(async (tx) => {
    const id = await insertInvite(tx, {
      storeId: input.store.id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      companyName: input.companyName,
      tokenHash,
      expiresAt,
    });
    if (input.sendEmail !== false) await enqueueMail(tx, mail);
    return id;
  });
  return { inviteId, url: mail.actionUrl!, expiresAt };
}

/** Accepts a trade invite: creates the trade customer (isTrade) and signs them in. */
export async function completeInvite(
  deps: IdentityDeps,
  store: StoreRef,
  input: InviteCompleteBody,
  userAgent: string,
): Promise<SignInResult> {
  return deps.db.transaction(async (tx) => {
    const invite = await lockInvite(tx, store.id, hashEmailedToken(input.token));
    assertLinkUsable("invite", invite);
    assertPasswordIsNotEmail(input.password, invite.email);
    const policyId = await acceptedPolicyId(tx, store.id, input.privacyPolicyId);

    const customerId = await insertCustomer(tx, {
      storeId: store.id,
      email: invite.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName ?? invite.firstName,
      lastName: input.lastName ?? invite.lastName,
      companyName: invite.companyName,
      // Buyers invited for the same company share its addresses.
      companyId: invite.companyName.trim() ? await findOrCreateCompany(tx, store.id, invite.companyName.trim()) : null,
      isTrade: true,
      acceptedPrivacyPolicyId: policyId,
    });
    if (customerId === null) throw emailTaken();
    await markInviteCompleted(tx, invite.id);
    return startSession(
      deps,
      tx,
      { id: customerId, storeId: store.id, passwordChangeRequired: false, acceptedPrivacyPolicyId: policyId },
      userAgent,
    );
  });
}
