import { anonymiseAuditEntriesOfPerson } from "./audit-erasure.repository";
import type { AuditChanges } from "./audit.tables";

import type { Db } from "../../db/client";
import { insertAuditEntry, type AuditActor } from "./audit.repository";

export { insertAuditEntry, listAuditEntries, type AuditActor, type AuditRecord } from "./audit.repository";

/**
 * An admin write as the audit log records it: who made it (a staff member, with the session they made it from, an
 * API token or a bootstrap key), in which store, by which operation, from where.
 */
export interface AdminWrite {
  storeId: number;
  principal: AuditActor & { sessionTokenHash?: string };
  operation: string;
  clientIp: string;
  requestId: string;
}
export type { AuditChanges } from "./audit.tables";

/**
 * The fields whose values differ between two versions of a record, before and after. Fields named in `secret`
 * (password hashes, token hashes, two-factor secrets) are left out whatever they hold; a field present on only
 * one side counts as changed.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secret: readonly string[] = [],
): AuditChanges | null {
  const changes: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (secret.includes(name)) continue;
    const was = comparable(before?.[name]);
    const now = comparable(after?.[name]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[name] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Dates as ISO strings and missing values as null, so a value compares and stores as JSON shows it. */
function comparable(value: unknown): unknown {
  if (value === undefined) return null;
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Records an admin write: who made it and from where (`write`), on which resource, with the changed fields. `db` is
 * the write's own transaction, so the change and its entry commit together.
 */
export function recordAdminWrite(
  db: Db,
  write: AdminWrite,
  resource: { type: string; id: number | string | null; changes: AuditChanges | null },
): Promise<void> {
  const { type, id, label } = write.principal;
  return insertAuditEntry(db, {
    storeId: write.storeId,
    actor: { type, id, label },
    operation: write.operation,
    resourceType: resource.type,
    resourceId: resource.id === null ? null : String(resource.id),
    changes: resource.changes,
    clientIp: write.clientIp,
    requestId: write.requestId,
  });
}

/** Erasure (decision 063): the audit log's entries keep who did what and when, never the erased person's address. */
export function eraseAuditDetailsOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  return anonymiseAuditEntriesOfPerson(db, input);
}
