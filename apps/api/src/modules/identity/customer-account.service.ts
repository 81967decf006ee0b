import {
  passwordMatchesEmail,
  type ChangePasswordBody,
  type CurrentCustomer,
  type CustomerSettings,
  type PrivacyPolicy,
  type UpdateCustomerSettingsBody,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { enqueueMail } from "../mail/mail.service";
import { passwordChangedMail } from "./identity-mail";
import {
  findCurrentPrivacyPolicy,
  findCurrentPrivacyPolicyVersion,
  findCustomerCredentialsById,
  findCustomerProfile,
  setAcceptedPrivacyPolicy,
  updateCustomerPassword,
  updateCustomerSettings,
  type CustomerProfile,
} from "./identity.repository";
import { hashPassword, verifyPassword } from "./passwords";
import { revokeCustomerSessions } from "./sessions.repository";
import { ACCOUNT_THROTTLE, accountThrottleKey, tooManyAttempts, type IdentityDeps } from "./sign-in.service";
import { lockWhenExhausted, refundAttempt, reserveAttempt } from "./sign-in-throttle.repository";

interface StoreRef {
  id: number;
  name: string;
}

async function requireProfile(db: Db, customerId: number): Promise<CustomerProfile> {
  const profile = await findCustomerProfile(db, customerId);
  // The session was live a moment ago; a customer deleted since is as good as signed out.
  if (!profile) throw new AppError("customer_not_found", "The customer was not found");
  return profile;
}

/** Who is signed in, with the two states the storefront redirects on. */
export async function getCurrentCustomer(db: Db, customerId: number): Promise<CurrentCustomer> {
  const profile = await requireProfile(db, customerId);
  const policy = await findCurrentPrivacyPolicy(db, profile.storeId);
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName,
    isTrade: profile.isTrade,
    passwordChangeRequired: profile.passwordChangeRequired,
    needsAcceptPrivacyPolicy: policy !== null && profile.acceptedPrivacyPolicyId !== policy.id,
    acceptedPrivacyPolicyId: profile.acceptedPrivacyPolicyId,
  };
}

export async function getCustomerSettings(db: Db, customerId: number): Promise<CustomerSettings> {
  const profile = await requireProfile(db, customerId);
  return {
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    companyName: profile.companyName,
    marketingOptIn: profile.marketingOptIn,
  };
}

/** The customer's store and account email, for a change that spans their account and their subscriptions. */
export async function findAccountOwner(db: Db, customerId: number): Promise<{ storeId: number; email: string }> {
  const profile = await requireProfile(db, customerId);
  return { storeId: profile.storeId, email: profile.email };
}

/** Replaces the customer's editable settings (names, phone, marketing consent), in the caller's transaction. */
export async function writeCustomerSettings(tx: Db, customerId: number, input: Required<UpdateCustomerSettingsBody>): Promise<void> {
  await updateCustomerSettings(tx, customerId, input);
}

/**
 * Changes the password of the signed-in customer after checking the current one. Guesses at the current
 * password count against the account's sign-in throttle, so a stolen session cannot be used to find it.
 * Every other session ends; the caller's stays, and a forced password change is lifted.
 */
export async function changePassword(
  deps: Pick<IdentityDeps, "db" | "storefrontUrl">,
  store: StoreRef,
  session: { customerId: number; sessionId: string },
  input: ChangePasswordBody,
): Promise<void> {
  const { db } = deps;
  const customer = await findCustomerCredentialsById(db, session.customerId);
  if (!customer) throw new AppError("customer_not_found", "The customer was not found");

  const throttleKey = accountThrottleKey(store.id, customer.email);
  const reservation = await reserveAttempt(db, throttleKey, ACCOUNT_THROTTLE);
  if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
  if (!(await verifyPassword(customer.passwordHash, input.currentPassword))) {
    await lockWhenExhausted(db, throttleKey, ACCOUNT_THROTTLE);
    throw new AppError("current_password_incorrect", { field: "currentPassword" });
  }
  await refundAttempt(db, throttleKey);

  if (input.newPassword === input.currentPassword) {
    throw new AppError("password_unchanged", { field: "newPassword" });
  }
  if (passwordMatchesEmail(input.newPassword, customer.email)) {
    throw new AppError("password_matches_email", { field: "newPassword" });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateCustomerPassword(tx, customer.id, passwordHash);
    await revokeCustomerSessions(tx, customer.id, session.sessionId);
    await enqueueMail(tx, passwordChangedMail({ storeId: store.id, storeName: store.name, storefrontUrl: deps.storefrontUrl }, customer));
  });
}

export async function getCurrentPrivacyPolicy(db: Db, storeId: number): Promise<PrivacyPolicy> {
  const policy = await findCurrentPrivacyPolicy(db, storeId);
  if (!policy) throw new AppError("privacy_policy_not_found", "The privacy policy was not found");
  return { ...policy, publishedAt: policy.publishedAt.toISOString() };
}

/** The version of the store's privacy policy in force now (consent records name it); null while it has published none. */
export function getPrivacyPolicyVersionInForce(db: Db, storeId: number): Promise<string | null> {
  return findCurrentPrivacyPolicyVersion(db, storeId);
}

/** Records that the customer accepted the current privacy policy; any other version is refused. */
export async function acceptPrivacyPolicy(
  db: Db,
  customer: { id: number; storeId: number },
  privacyPolicyId: number,
): Promise<CurrentCustomer> {
  const current = await findCurrentPrivacyPolicy(db, customer.storeId);
  if (current?.id !== privacyPolicyId) {
    throw new AppError("privacy_policy_not_current", { field: "id" });
  }
  await setAcceptedPrivacyPolicy(db, customer.id, privacyPolicyId);
  return getCurrentCustomer(db, customer.id);
}
