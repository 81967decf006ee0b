import type { StaffSignInResult } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { insertAuditEntry, recordAdminWrite, type AdminWrite } from "../audit/audit.service";
import { hashPassword } from "../identity/passwords";
import { startStaffSession, type CallerContext } from "./staff-auth.service";
import { newSecret, hashSecret } from "./staff-secrets";
import {
  countOtherActiveOwners,
  findSetUpLinkForUpdate,
  findStaffByEmail,
  insertStaffMember,
  lockStoreStaff,
  markSetUpLinkUsed,
  replaceSetUpLink,
} from "./staff.repository";

/*
 * The shop's first owner (decision 046's amendment). A fresh shop has no one who can sign in to the back office:
 * a bootstrap key asks for a one-time link, and whoever opens it chooses the owner's email, name and password and
 * is signed in. Both steps take the store's staff lock, so a link is never made, nor used, once the shop has an
 * active owner, even when an invitation is accepted or a second link used at the same moment.
 */

/** How long a set-up link works, as an invitation does. */
export const SET_UP_LINK_HOURS = 72;

/** Whether the store has an active owner, read under the store's staff lock (taken by the caller). */
async function hasActiveOwner(tx: Db, storeId: number): Promise<boolean> {
  return (await countOtherActiveOwners(tx, storeId, 0)) > 0;
}

/**
 * POST /admin/auth/set-up-link: a new one-time link to make the first owner, the older unused ones voided. Only a
 * bootstrap key may ask (403 `bootstrap_key_required`); 409 `shop_has_owner` once the shop has an active owner.
 */
export async function createSetUpLink(db: Db, write: AdminWrite, backOfficeUrl: string) {
  if (write.principal.type !== "admin_key") throw new AppError("bootstrap_key_required");
  return db.transaction(async (tx) => {
    await lockStoreStaff(tx, write.storeId);
    if (await hasActiveOwner(tx, write.storeId)) throw new AppError("shop_has_owner");
    const secret = newSecret();
    const expiresAt = new Date(Date.now() + SET_UP_LINK_HOURS * 60 * 60_000);
    const row = await replaceSetUpLink(tx, { storeId: write.storeId, tokenHash: secret.hash, expiresAt });
    await recordAdminWrite(tx, write, {
      type: "staff_set_up_link",
      id: row.id,
      changes: { expiresAt: { before: null, after: expiresAt.toISOString() } },
    });
    return { link: `${backOfficeUrl.replace(/\/+$/, "")}/set-up/${secret.token}`, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * POST /admin/auth/set-up: the link's holder becomes the shop's active owner and is signed in. The link is locked
 * while it is used, under the store's staff lock, so two uses make one owner.
 */
export async function completeSetUp(
  db: Db,
  caller: CallerContext,
  input: { token: string; email: string; name: string; password: string },
): Promise<Extract<StaffSignInResult, { status: "signed_in" }>> {
  if (input.password.trim().toLowerCase() === input.email) throw new AppError("password_matches_email", { field: "password" });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockStoreStaff(tx, caller.storeId);
    const link = await findSetUpLinkForUpdate(tx, caller.storeId, hashSecret(input.token));
    if (!link) throw new AppError("staff_set_up_link_invalid");
    if (link.usedAt) throw new AppError("staff_set_up_link_used");
    if (link.voidedAt || link.expiresAt.getTime() <= Date.now()) throw new AppError("staff_set_up_link_expired");
    if (await hasActiveOwner(tx, caller.storeId)) throw new AppError("shop_has_owner");
    if (await findStaffByEmail(tx, caller.storeId, input.email)) throw new AppError("staff_email_taken", { field: "email" });

    const staff = await insertStaffMember(tx, {
      storeId: caller.storeId,
      email: input.email,
      name: input.name,
      role: "owner",
      passwordHash,
    });
    await markSetUpLinkUsed(tx, link.id, staff.id);
    await insertAuditEntry(tx, {
      storeId: caller.storeId,
      actor: { type: "staff", id: staff.id, label: staff.email },
      operation: "completeStaffSetUp",
      resourceType: "staff",
      resourceId: String(staff.id),
      changes: { email: { before: null, after: staff.email }, role: { before: null, after: staff.role } },
      clientIp: caller.clientIp,
      requestId: caller.requestId,
    });
    return startStaffSession(tx, staff, caller.userAgent);
  });
}
