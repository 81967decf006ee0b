import type { StaffRole, StaffSignInResult } from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { insertAuditEntry, type AuditActor } from "../audit/audit.service";
import { hashPassword, verifyPassword } from "../identity/passwords";
import {
  ACCOUNT_THROTTLE,
  CLIENT_THROTTLE,
  clearThrottle,
  clientThrottleKey,
  lockWhenExhausted,
  refundAttempt,
  reserveAttempt,
  tooManyAttempts,
} from "../identity/sign-in.service";
import { newSecret, hashSecret, API_TOKEN_PREFIX, STAFF_SESSION_PREFIX } from "./staff-secrets";
import {
  findInvitationForUpdate,
  findLiveStaffSession,
  findStaffByEmail,
  insertStaffMember,
  insertStaffSession,
  markInvitationAccepted,
  revokeStaffSession,
  toStaffMember,
  updateStaffMember,
  useLiveApiToken,
  type StaffRow,
} from "./staff.repository";
import { staffMembers } from "./staff.tables";
import { matchingTotpStep } from "./totp";

/** How long a staff session lasts: a working day, then sign in again. */
export const STAFF_SESSION_HOURS = 12;
/** How long the challenge between password and code lasts. */
export const SECOND_FACTOR_MINUTES = 5;

/**
 * Who is calling the admin API: a signed-in member of staff, an API token, or a bootstrap key from ADMIN_API_KEYS
 * (which acts as an owner of every store). `storeId` is the store a member or token belongs to.
 */
export interface AdminPrincipal extends AuditActor {
  role: StaffRole;
  storeId: number | null;
  /** A staff session's token hash: sign-out ends it. */
  sessionTokenHash?: string;
}

/** Where a request comes from, for the session and the audit log. */
export interface CallerContext {
  storeId: number;
  clientIp: string;
  userAgent: string;
  requestId: string;
}

const staffThrottleKey = (storeId: number, email: string) => `staff:${storeId}:${email}`;
const invalidCredentials = () => new AppError("invalid_credentials");
const secondFactorInvalid = () => new AppError("second_factor_invalid");

// Checked when the email is unknown, so an unknown email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(newSecret().token));

/** The member or token a bearer token names, if it is live; null for anything else. */
export async function resolveAdminBearer(db: Db, token: string): Promise<AdminPrincipal | null> {
  if (token.length > 200) return null;
  if (token.startsWith(STAFF_SESSION_PREFIX)) {
    const tokenHash = hashSecret(token);
    const found = await findLiveStaffSession(db, tokenHash, false);
    if (!found) return null;
    const { staff } = found;
    return {
      type: "staff",
      id: staff.id,
      label: staff.email,
      role: staff.role as StaffRole,
      storeId: staff.storeId,
      sessionTokenHash: tokenHash,
    };
  }
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const row = await useLiveApiToken(db, hashSecret(token));
    if (!row) return null;
    return { type: "api_token", id: row.id, label: row.name, role: row.role as StaffRole, storeId: row.storeId };
  }
  return null;
}

/**
 * Signs a member of staff in, throttled as customers are (per account and per client address, counted before
 * the password is checked). A member with two-factor sign-in gets a five-minute challenge instead of a session.
 */
export async function signInStaff(db: Db, caller: CallerContext, input: { email: string; password: string }): Promise<StaffSignInResult> {
  const accountKey = staffThrottleKey(caller.storeId, input.email);
  const clientKey = clientThrottleKey(caller.clientIp);
  const account = await reserveAttempt(db, accountKey, ACCOUNT_THROTTLE);
  if (!account.allowed) throw tooManyAttempts(account.retryAfterSeconds);
  const client = await reserveAttempt(db, clientKey, CLIENT_THROTTLE);
  if (!client.allowed) {
    await refundAttempt(db, accountKey);
    throw tooManyAttempts(client.retryAfterSeconds);
  }

  const staff = await findStaffByEmail(db, caller.storeId, input.email);
  const passwordMatches = await verifyPassword(staff?.passwordHash ?? (await getDummyHash()), input.password);
  if (!staff || !passwordMatches || !staff.active) {
    await lockWhenExhausted(db, accountKey, ACCOUNT_THROTTLE);
    await lockWhenExhausted(db, clientKey, CLIENT_THROTTLE);
    throw invalidCredentials();
  }
  await refundAttempt(db, clientKey);

  if (staff.totpSecret !== null) {
    // The account's attempt stays counted until the code is right: a stolen password alone cannot wear the lock out.
    const challenge = newSecret();
    const expiresAt = new Date(Date.now() + SECOND_FACTOR_MINUTES * 60_000);
    await insertStaffSession(db, {
      tokenHash: challenge.hash,
      staffId: staff.id,
      secondFactorPending: true,
      expiresAt,
      userAgent: caller.userAgent.slice(0, 300),
    });
    return { status: "second_factor_required", challenge: challenge.token, expiresAt: expiresAt.toISOString() };
  }
  await clearThrottle(db, accountKey);
  return startStaffSession(db, staff, caller.userAgent);
}

/**
 * The second step of a two-factor sign-in: the challenge is used once, the code's time step once. A wrong code
 * counts against the account like a wrong password.
 */
export async function completeSecondFactor(
  db: Db,
  caller: CallerContext,
  input: { challenge: string; code: string },
): Promise<Extract<StaffSignInResult, { status: "signed_in" }>> {
  const challengeHash = hashSecret(input.challenge);
  const found = await findLiveStaffSession(db, challengeHash, true);
  const staff = found?.staff;
  if (!staff || staff.storeId !== caller.storeId || staff.totpSecret === null) throw secondFactorInvalid();
  const accountKey = staffThrottleKey(caller.storeId, staff.email);
  const attempt = await reserveAttempt(db, accountKey, ACCOUNT_THROTTLE);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);

  const step = matchingTotpStep(staff.totpSecret, input.code);
  if (step === null || !(await spendTotpStep(db, staff.id, step))) {
    await lockWhenExhausted(db, accountKey, ACCOUNT_THROTTLE);
    throw secondFactorInvalid();
  }
  if (!(await revokeStaffSession(db, challengeHash))) throw secondFactorInvalid();
  await clearThrottle(db, accountKey);
  return startStaffSession(db, staff, caller.userAgent);
}

/** Records `step` as the member's last accepted code, unless it (or a later one) was accepted before. */
export async function spendTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(sql`${staffMembers.id} = ${staffId} and (${staffMembers.totpLastStep} is null or ${staffMembers.totpLastStep} < ${step})`)
    .returning({ id: staffMembers.id });
  return rows.length > 0;
}

/**
 * An invited person chooses their password and becomes a member of staff, signed in. The invitation is locked
 * while it is taken, so two clicks on the link make one member.
 */
export async function acceptStaffInvitation(
  db: Db,
  caller: CallerContext,
  input: { token: string; password: string },
): Promise<Extract<StaffSignInResult, { status: "signed_in" }>> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = await findInvitationForUpdate(tx, caller.storeId, hashSecret(input.token));
    if (!invitation) throw new AppError("staff_invitation_invalid");
    if (invitation.acceptedAt) throw new AppError("staff_invitation_used");
    if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError("staff_invitation_expired");
    if (input.password.trim().toLowerCase() === invitation.email) throw new AppError("password_matches_email", { field: "password" });
    if (await findStaffByEmail(tx, caller.storeId, invitation.email)) throw new AppError("staff_email_taken");

    const staff = await insertStaffMember(tx, {
      storeId: caller.storeId,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role as StaffRole,
      passwordHash,
    });
    await markInvitationAccepted(tx, invitation.id, staff.id);
    await insertAuditEntry(tx, {
      storeId: caller.storeId,
      actor: { type: "staff", id: staff.id, label: staff.email },
      operation: "acceptStaffInvitation",
      resourceType: "staff",
      resourceId: String(staff.id),
      changes: { email: { before: null, after: staff.email }, role: { before: null, after: staff.role } },
      clientIp: caller.clientIp,
      requestId: caller.requestId,
    });
    return startStaffSession(tx, staff, caller.userAgent);
  });
}

/** Opens a session of STAFF_SESSION_HOURS for a member and answers its token (kept only as a hash). */
export async function startStaffSession(
  db: Db,
  staff: StaffRow,
  userAgent: string,
): Promise<Extract<StaffSignInResult, { status: "signed_in" }>> {
  const session = newSecret(STAFF_SESSION_PREFIX);
  const expiresAt = new Date(Date.now() + STAFF_SESSION_HOURS * 60 * 60_000);
  await insertStaffSession(db, {
    tokenHash: session.hash,
    staffId: staff.id,
    secondFactorPending: false,
    expiresAt,
    userAgent: userAgent.slice(0, 300),
  });
  const updated = await updateStaffMember(db, staff.id, { lastSignInAt: new Date() });
  return { status: "signed_in", token: session.token, expiresAt: expiresAt.toISOString(), staff: toStaffMember(updated) };
}

/** Ends the caller's own staff session. */
export async function signOutStaff(db: Db, principal: { sessionTokenHash?: string }): Promise<void> {
  if (principal.sessionTokenHash) await revokeStaffSession(db, principal.sessionTokenHash);
}
