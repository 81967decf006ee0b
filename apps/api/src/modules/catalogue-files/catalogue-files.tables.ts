import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { CatalogueFileProblem } from "@quire/contracts";
import { stores } from "../stores/stores.tables";
import type { ProductDraft } from "./catalogue-csv";

/** Who asked for an import, as the audit log records them (no session token): the job writes its entries so. */
export interface ImportRequester {
  principal: { type: "staff" | "api_token" | "admin_key"; id: number; label: string };
  operation: string;
  clientIp: string;
  requestId: string;
}

/**
 * A catalogue import (decision 053): the file read once into one row per product (below), then written by the
 * `catalogue-import` job, product by product, with its counts kept here as it goes.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    format: text().notNull(),
    status: text().notNull().default("queued"),
    rows: integer().notNull(),
    products: integer().notNull(),
    productsDone: integer().notNull().default(0),
    productsFailed: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    /** The file's problems, then the write's (a SKU another product took meanwhile); at most 1,000. */
    errors: jsonb().$type<CatalogueFileProblem[]>().notNull().default([]),
    warnings: jsonb().$type<CatalogueFileProblem[]>().notNull().default([]),
    requestedBy: jsonb().$type<ImportRequester>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("catalogue_imports_format_check", sql`${t.format} in ('quire', 'shopify')`),
    check("catalogue_imports_status_check", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
    index("catalogue_imports_store_idx").on(t.storeId, t.id),
  ],
);

/** One product of an import, as read from the file; `status` moves from pending to done or failed exactly once. */
export const catalogueImportProducts = pgTable(
  "catalogue_import_products",
  {
    importId: integer()
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    handle: text().notNull(),
    draft: jsonb().$type<ProductDraft>().notNull(),
    status: text().notNull().default("pending"),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    check("catalogue_import_products_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    index("catalogue_import_products_pending_idx")
      .on(t.importId, t.position)
      .where(sql`${t.status} = 'pending'`),
  ],
);
