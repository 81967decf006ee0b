import type { StaffMember, StaffRole } from "@quire/contracts";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, staffInvitations, staffMembers, staffSessions, staffSetUpLinks } from "./staff.tables";

export type StaffRow = typeof staffMembers.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    twoFactorEnabled: row.totpSecret !== null,
    active: row.active,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findStaffByEmail(db: Db, storeId: number, email: string): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.storeId, storeId), eq(staffMembers.email, email)));
  return row ?? null;
}

export async function findStaffById(db: Db, storeId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<StaffRow | null> {
  const query = db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.storeId, storeId), eq(staffMembers.id, id)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export function listStaffMembers(db: Db, storeId: number): Promise<StaffRow[]> {
  return db.select().from(staffMembers).where(eq(staffMembers.storeId, storeId)).orderBy(asc(staffMembers.id));
}

export async function insertStaffMember(
  db: Db,
  values: { storeId: number; email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<StaffRow> {
  const [row] = await db.insert(staffMembers).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateStaffMember(db: Db, id: number, values: Partial<Omit<StaffRow, "id" | "storeId">>): Promise<StaffRow> {
  const [row] = await db.update(staffMembers).set(values).where(eq(staffMembers.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

/** Active owners of a store other than `exceptId`, locked, so two demotions at once cannot both pass. */
export async function countOtherActiveOwners(db: Db, storeId: number, exceptId: number): Promise<number> {
  const rows = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(
      and(eq(staffMembers.storeId, storeId), eq(staffMembers.role, "owner"), eq(staffMembers.active, true), ne(staffMembers.id, exceptId)),
    )
    .for("update");
  return rows.length;
}

/**
 * Takes a store-wide lock on its staff for the rest of the transaction: role and activity changes queue behind
 * one another, so the last active owner is never demoted twice over by two requests that each saw another owner.
 */
export async function lockStoreStaff(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('staff'), ${storeId})`);
}

// ---------------------------------------------------------------- invitations

export async function insertInvitation(
  db: Db,
  values: { storeId: number; email: string; name: string; role: StaffRole; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(staffInvitations).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The store's invitations still waiting (neither accepted nor expired), newest first, at most `limit`. */
export async function listWaitingInvitations(db: Db, storeId: number, limit: number) {
  return db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.storeId, storeId), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(staffInvitations.id))
    .limit(limit);
}

/** Deletes a waiting invitation of the store (its link then matches nothing); the row it was, or null. */
export async function deleteWaitingInvitation(db: Db, storeId: number, id: number) {
  const [row] = await db
    .delete(staffInvitations)
    .where(
      and(
        eq(staffInvitations.id, id),
        eq(staffInvitations.storeId, storeId),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findInvitationForUpdate(db: Db, storeId: number, tokenHash: string) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.storeId, storeId), eq(staffInvitations.tokenHash, tokenHash)))
    .for("update");
  return row ?? null;
}

export async function markInvitationAccepted(db: Db, id: number, staffId: number): Promise<void> {
  await db
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()`, staffId })
    .where(eq(staffInvitations.id, id));
}

// ---------------------------------------------------------------- the first owner's set-up links

/** A new set-up link of a store; the older ones not used yet are voided in the same statement's transaction. */
export async function replaceSetUpLink(db: Db, values: { storeId: number; tokenHash: string; expiresAt: Date }) {
  await db
    .update(staffSetUpLinks)
    .set({ voidedAt: sql`now()` })
    .where(and(eq(staffSetUpLinks.storeId, values.storeId), isNull(staffSetUpLinks.usedAt), isNull(staffSetUpLinks.voidedAt)));
  const [row] = await db.insert(staffSetUpLinks).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findSetUpLinkForUpdate(db: Db, storeId: number, tokenHash: string) {
  const [row] = await db
    .select()
    .from(staffSetUpLinks)
    .where(and(eq(staffSetUpLinks.storeId, storeId), eq(staffSetUpLinks.tokenHash, tokenHash)))
    .for("update");
  return row ?? null;
}

export async function markSetUpLinkUsed(db: Db, id: number, staffId: number): Promise<void> {
  await db
    .update(staffSetUpLinks)
    .set({ usedAt: sql`now()`, staffId })
    .where(eq(staffSetUpLinks.id, id));
}

// ---------------------------------------------------------------- sessions

export async function insertStaffSession(
  db: Db,
  values: { tokenHash: string; staffId: number; secondFactorPending: boolean; expiresAt: Date; userAgent: string },
): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/** The live session (or, with `pending`, the live second-factor challenge) a token hash names, with its member. */
export async function findLiveStaffSession(db: Db, tokenHash: string, pending: boolean) {
  const [row] = await db
    .select({ session: staffSessions, staff: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        eq(staffSessions.secondFactorPending, pending),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        eq(staffMembers.active, true),
      ),
    );
  return row ?? null;
}

/** Ends a session or challenge; true when it was live (a challenge is used once). */
export async function revokeStaffSession(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length > 0;
}

/** Ends every session and challenge of a member (deactivated, password or second factor changed). */
export async function revokeAllStaffSessions(db: Db, staffId: number, exceptTokenHash?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        exceptTokenHash === undefined ? undefined : ne(staffSessions.tokenHash, exceptTokenHash),
      ),
    );
}

// ---------------------------------------------------------------- API tokens

export async function insertApiToken(
  db: Db,
  values: { storeId: number; name: string; role: StaffRole; prefix: string; tokenHash: string; expiresAt: Date },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function listApiTokenRows(db: Db, storeId: number): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.storeId, storeId)).orderBy(asc(apiTokens.id));
}

/** A live token by its hash, marked used now (at most once a minute, so a busy integration writes little). */
export async function useLiveApiToken(db: Db, tokenHash: string): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.id, row.id));
  }
  return row;
}

export async function findApiTokenForUpdate(db: Db, storeId: number, id: number): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.id, id)))
    .for("update");
  return row ?? null;
}

export async function markApiTokenRevoked(db: Db, id: number): Promise<ApiTokenRow> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiTokens.id, id))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}
