import type { AuditLogEntry, AuditLogQuery } from "@quire/contracts";
import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, type AuditChanges } from "./audit.tables";
import { keysetPage } from "../../db/keyset-page";

/** Who made an admin write: a staff member, an API token, or a bootstrap admin key (its position in ADMIN_API_KEYS). */
export interface AuditActor {
  type: "staff" | "api_token" | "admin_key";
  id: number;
  label: string;
}

export interface AuditRecord {
  storeId: number;
  actor: AuditActor;
  operation: string;
  resourceType: string;
  resourceId: string | null;
  changes: AuditChanges | null;
  clientIp: string;
  requestId: string;
}

/** Appends one entry; `db` may be the transaction of the write it records, so the two commit together. */
export async function insertAuditEntry(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    storeId: record.storeId,
    actorType: record.actor.type,
    actorId: record.actor.id,
    actorLabel: record.actor.label.slice(0, 300),
    operation: record.operation,
    resourceType: record.resourceType,
    resourceId: record.resourceId,
    changes: record.changes,
    clientIp: record.clientIp,
    requestId: record.requestId,
  });
}

/** A store's entries, newest first, in keyset pages by id (no OFFSET), with the query's filters. */
export async function listAuditEntries(
  db: Db,
  storeId: number,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; nextBefore: number | null }> {
  const t = auditLog;
  const conditions: SQL[] = [eq(t.storeId, storeId)];
  if (query.before !== undefined) conditions.push(lt(t.id, query.before));
  if (query.actorType !== undefined) conditions.push(eq(t.actorType, query.actorType));
  if (query.actorId !== undefined) conditions.push(eq(t.actorId, query.actorId));
  if (query.operation !== undefined) conditions.push(eq(t.operation, query.operation));
  if (query.resourceType !== undefined) conditions.push(eq(t.resourceType, query.resourceType));
  if (query.resourceId !== undefined) conditions.push(eq(t.resourceId, query.resourceId));
  if (query.since !== undefined) conditions.push(gte(t.at, new Date(query.since)));
  if (query.until !== undefined) conditions.push(lte(t.at, new Date(query.until)));
  const rows = await db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { type: row.actorType as AuditActor["type"], id: row.actorId, label: row.actorLabel },
      operation: row.operation,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      changes: row.changes,
      clientIp: row.clientIp,
      requestId: row.requestId,
    })),
    nextBefore: next,
  };
}
