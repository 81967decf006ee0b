import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/stores.tables";

/** A changed field's value before and after a write. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * One admin write: who (a staff member, an API token, or a bootstrap admin key, with the label they had then),
 * what (the operation, the resource and its id, the changed fields), when and from where. Rows are only ever
 * inserted; the log is read newest first in keyset pages.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorType: text().notNull(),
    actorId: integer().notNull(),
    actorLabel: text().notNull(),
    operation: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    changes: jsonb().$type<AuditChanges>(),
    clientIp: text().notNull(),
    requestId: text().notNull(),
  },
  (t) => [
    check("audit_log_actor_type_check", sql`${t.actorType} in ('staff', 'api_token', 'admin_key')`),
    index("audit_log_store_id_idx").on(t.storeId, t.id),
    index("audit_log_resource_idx").on(t.storeId, t.resourceType, t.resourceId, t.id),
    index("audit_log_actor_idx").on(t.storeId, t.actorType, t.actorId, t.id),
  ],
);
