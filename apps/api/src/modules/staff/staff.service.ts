import { MAX_PAGE_SIZE, type ApiToken, type InviteStaffBody, type StaffMember, type StaffRole } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import { enqueueMail } from "../mail/mail.service";
import { verifyPassword } from "../identity/passwords";
import { API_TOKEN_PREFIX, newSecret } from "./staff-secrets";
import {
  findApiTokenForUpdate,
  findStaffByEmail,
  findStaffById,
  countOtherActiveOwners,
  insertApiToken,
  deleteWaitingInvitation,
  insertInvitation,
  listWaitingInvitations,
  listApiTokenRows,
  listStaffMembers,
  lockStoreStaff,
  markApiTokenRevoked,
  revokeAllStaffSessions,
  toStaffMember,
  updateStaffMember,
  type ApiTokenRow,
} from "./staff.repository";
import { staffInvitationMail, INVITATION_HOURS } from "./staff-mail";
import { matchingTotpStep, newTotpSecret } from "./totp";
import { spendTotpStep } from "./staff-auth.service";

export type { AdminWrite } from "../audit/audit.service";

const STAFF_SECRETS = ["passwordHash", "totpSecret", "totpPendingSecret", "totpLastStep", "lastSignInAt"] as const;

export async function listStaff(db: Db, storeId: number): Promise<StaffMember[]> {
  return (await listStaffMembers(db, storeId)).map(toStaffMember);
}

/**
 * Invites a person to the shop's staff: the link (its token kept as a hash) is mailed through the outbox in the
 * same transaction, and works once within INVITATION_HOURS. A later invitation to the same email is another link.
 */
export async function inviteStaff(db: Db, write: AdminWrite, context: { storeName: string; backOfficeUrl: string }, body: InviteStaffBody) {
  return db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, write.storeId, body.email)) throw new AppError("staff_email_taken", { field: "email" });
    const link = newSecret();
    const expiresAt = new Date(Date.now() + INVITATION_HOURS * 60 * 60_000);
    const invitation = await insertInvitation(tx, { storeId: write.storeId, ...body, tokenHash: link.hash, expiresAt });
    const mail = staffInvitationMail(
      { storeId: write.storeId, storeName: context.storeName, backOfficeUrl: context.backOfficeUrl },
      body,
      write.principal.label,
      link.token,
    );
    await enqueueMail(tx, mail);
    await recordAdminWrite(tx, write, {
      type: "staff_invitation",
      id: invitation.id,
      changes: changedFields(null, { email: body.email, name: body.name, role: body.role }),
    });
    return {
      invitation: {
        id: invitation.id,
        email: invitation.email,
        name: invitation.name,
        role: invitation.role as StaffRole,
        expiresAt: invitation.expiresAt.toISOString(),
      },
      /** The mailed link, for the command line to print; never answered by the API. */
      link: mail.actionUrl ?? "",
    };
  });
}

/** The shop's invitations still waiting to be accepted, newest first. */
export async function listStaffInvitations(db: Db, storeId: number) {
  const rows = await listWaitingInvitations(db, storeId, MAX_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Withdraws a waiting invitation: its mailed link stops working at once. Recorded in the audit log. */
export async function withdrawStaffInvitation(db: Db, write: AdminWrite, invitationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const withdrawn = await deleteWaitingInvitation(tx, write.storeId, invitationId);
    if (!withdrawn) throw new AppError("staff_invitation_not_found");
    await recordAdminWrite(tx, write, {
      type: "staff_invitation",
      id: withdrawn.id,
      changes: changedFields({ email: withdrawn.email, name: withdrawn.name, role: withdrawn.role }, null),
    });
  });
}

/**
 * Changes a member's role or deactivates them (their sessions end at once). The shop always keeps an active
 * owner: staff changes of a store queue behind one advisory lock, so two owners demoting each other at once
 * cannot both succeed.
 */
export async function updateStaff(
  db: Db,
  write: AdminWrite,
  staffId: number,
  body: { role?: StaffRole; active?: boolean },
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await lockStoreStaff(tx, write.storeId);
    const before = await findStaffById(tx, write.storeId, staffId, { forUpdate: true });
    if (!before) throw new AppError("staff_not_found");
    const role = body.role ?? (before.role as StaffRole);
    const active = body.active ?? before.active;
    const losesOwner = before.role === "owner" && before.active && (role !== "owner" || !active);
    if (losesOwner && (await countOtherActiveOwners(tx, write.storeId, staffId)) === 0) throw new AppError("last_owner");
    const after = await updateStaffMember(tx, staffId, { role, active });
    if (before.active && !active) await revokeAllStaffSessions(tx, staffId);
    const changes = changedFields(before, after, STAFF_SECRETS);
    if (changes) await recordAdminWrite(tx, write, { type: "staff", id: staffId, changes });
    return toStaffMember(after);
  });
}

// ---------------------------------------------------------------- two-factor sign-in (the member's own)

function ownStaffId(principal: AdminWrite["principal"]): number {
  // The routes allow these calls to staff sessions alone; a token or key has no authenticator app.
  if (principal.type !== "staff") throw new AppError("permission_denied");
  return principal.id;
}

export async function getCurrentStaff(db: Db, storeId: number, principal: AdminWrite["principal"]): Promise<StaffMember> {
  const staff = await findStaffById(db, storeId, ownStaffId(principal));
  if (!staff) throw new AppError("staff_not_found");
  return toStaffMember(staff);
}

/** A new secret for the member's authenticator app, kept aside until a code from it confirms it. */
export async function startTwoFactorSetup(db: Db, write: AdminWrite, storeName: string) {
  const staff = await findStaffById(db, write.storeId, ownStaffId(write.principal));
  if (!staff) throw new AppError("staff_not_found");
  if (staff.totpSecret !== null) throw new AppError("two_factor_already_enabled");
  const setup = newTotpSecret(staff.email, storeName);
  await updateStaffMember(db, staff.id, { totpPendingSecret: setup.secret });
  return setup;
}

/** Turns two-factor sign-in on with a code from the app; the member's other sessions end. */
export async function confirmTwoFactor(db: Db, write: AdminWrite, code: string): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const staff = await findStaffById(tx, write.storeId, ownStaffId(write.principal), { forUpdate: true });
    if (!staff) throw new AppError("staff_not_found");
    if (staff.totpSecret !== null) throw new AppError("two_factor_already_enabled");
    if (staff.totpPendingSecret === null) throw new AppError("two_factor_not_started");
    const step = matchingTotpStep(staff.totpPendingSecret, code);
    if (step === null || !(await spendTotpStep(tx, staff.id, step))) throw new AppError("second_factor_invalid", { field: "code" });
    const after = await updateStaffMember(tx, staff.id, { totpSecret: staff.totpPendingSecret, totpPendingSecret: null });
    await revokeAllStaffSessions(tx, staff.id, write.principal.sessionTokenHash);
    await recordAdminWrite(tx, write, { type: "staff", id: staff.id, changes: { twoFactorEnabled: { before: false, after: true } } });
    return toStaffMember(after);
  });
}

/** Turns two-factor sign-in off, with the member's password. */
export async function disableTwoFactor(db: Db, write: AdminWrite, password: string): Promise<StaffMember> {
  const staff = await findStaffById(db, write.storeId, ownStaffId(write.principal));
  if (!staff) throw new AppError("staff_not_found");
  if (!(await verifyPassword(staff.passwordHash, password))) throw new AppError("current_password_incorrect", { field: "password" });
  return db.transaction(async (tx) => {
    const after = await updateStaffMember(tx, staff.id, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    if (staff.totpSecret !== null)
      await recordAdminWrite(tx, write, { type: "staff", id: staff.id, changes: { twoFactorEnabled: { before: true, after: false } } });
    return toStaffMember(after);
  });
}

// ---------------------------------------------------------------- API tokens

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role as StaffRole,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(db: Db, storeId: number): Promise<ApiToken[]> {
  return (await listApiTokenRows(db, storeId)).map(toApiToken);
}

/** A new token: its secret is answered this once; the database keeps its hash and its first characters. */
export async function createApiToken(db: Db, write: AdminWrite, body: { name: string; role: StaffRole; expiresInDays: number }) {
  const secret = newSecret(API_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + body.expiresInDays * 24 * 60 * 60_000);
  return db.transaction(async (tx) => {
    const row = await insertApiToken(tx, {
      storeId: write.storeId,
      name: body.name,
      role: body.role,
      prefix: secret.token.slice(0, API_TOKEN_PREFIX.length + 6),
      tokenHash: secret.hash,
      expiresAt,
    });
    await recordAdminWrite(tx, write, {
      type: "api_token",
      id: row.id,
      changes: changedFields(null, { name: row.name, role: row.role, expiresAt: row.expiresAt }),
    });
    return { token: secret.token, apiToken: toApiToken(row) };
  });
}

/** Revokes a token at once; revoking a revoked token changes nothing. */
export async function revokeApiToken(db: Db, write: AdminWrite, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findApiTokenForUpdate(tx, write.storeId, id);
    if (!before) throw new AppError("api_token_not_found");
    if (before.revokedAt) return;
    const after = await markApiTokenRevoked(tx, id);
    await recordAdminWrite(tx, write, {
      type: "api_token",
      id,
      changes: changedFields({ revokedAt: before.revokedAt }, { revokedAt: after.revokedAt }),
    });
  });
}
