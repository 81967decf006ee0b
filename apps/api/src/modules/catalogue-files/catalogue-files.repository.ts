import { MAX_LISTED_PROBLEMS, type CatalogueFileFormat, type CatalogueFileProblem, type CatalogueImport } from "@quire/contracts";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ProductDraft } from "./catalogue-csv";
import { catalogueImportProducts, catalogueImports, type ImportRequester } from "./catalogue-files.tables";
import { keysetPage } from "../../db/keyset-page";

type ImportRow = typeof catalogueImports.$inferSelect;

function importView(row: ImportRow): CatalogueImport {
  return {
    id: row.id,
    format: row.format as CatalogueFileFormat,
    status: row.status as CatalogueImport["status"],
    rows: row.rows,
    products: row.products,
    productsDone: row.productsDone,
    productsFailed: row.productsFailed,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    warnings: row.warnings,
    requestedBy: row.requestedBy.principal.label,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** How many draft rows one INSERT carries: well under PostgreSQL's 65,535 parameters (5 per row). */
const INSERT_CHUNK = 1000;

/**
 * Records an import with its products (those the file read without error; `failed` counts the others, already in
 * `errors`). `db` is the transaction that also queues its job, so the two exist together or not at all.
 */
export async function insertImport(
  db: Db,
  input: {
    storeId: number;
    format: CatalogueFileFormat;
    rows: number;
    drafts: ProductDraft[];
    failed: number;
    errors: CatalogueFileProblem[];
    warnings: CatalogueFileProblem[];
    requestedBy: ImportRequester;
  },
): Promise<CatalogueImport> {
  const [row] = await db
    .insert(catalogueImports)
    .values({
      storeId: input.storeId,
      format: input.format,
      rows: input.rows,
      products: input.drafts.length + input.failed,
      productsFailed: input.failed,
      errors: input.errors,
      warnings: input.warnings,
      requestedBy: input.requestedBy,
    })
    .returning();
  const importId = row!.id;
  for (let start = 0; start < input.drafts.length; start += INSERT_CHUNK) {
    await db.insert(catalogueImportProducts).values(
      input.drafts.slice(start, start + INSERT_CHUNK).map((draft, index) => ({
        importId,
        position: start + index,
        handle: draft.handle,
        draft,
      })),
    );
  }
  return importView(row!);
}

export async function findImport(db: Db, storeId: number, importId: number): Promise<CatalogueImport | null> {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.storeId, storeId), eq(catalogueImports.id, importId)));
  return row ? importView(row) : null;
}

/** The import the job works on, whatever its store (the job carries only its id). */
export async function findImportForRun(db: Db, importId: number) {
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  return row ? { ...importView(row), storeId: row.storeId, requester: row.requestedBy } : null;
}

/** A store's imports, newest first, in keyset pages by id. */
export async function listImports(db: Db, storeId: number, query: { before?: number | undefined; limit: number }) {
  const rows = await db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.storeId, storeId), query.before ? lt(catalogueImports.id, query.before) : undefined))
    .orderBy(desc(catalogueImports.id))
    .limit(query.limit + 1);
  const { page, next } = keysetPage(rows, query.limit, (row) => row.id);
  return {
    imports: page.map((row) => {
      const { errors: _errors, warnings: _warnings, ...view } = importView(row);
      return view;
    }),
    nextBefore: next,
  };
}

/** Marks the import running (from queued, or again after a crash: its start stays the first one). */
export async function markImportRunning(db: Db, importId: number): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ status: "running", startedAt: sql`coalesce(${catalogueImports.startedAt}, now())` })
    .where(eq(catalogueImports.id, importId));
}

/** The next products not yet written, in file order: where a run that stopped carries on. */
export async function nextPendingProducts(db: Db, importId: number, limit: number) {
  return db
    .select({ position: catalogueImportProducts.position, draft: catalogueImportProducts.draft })
    .from(catalogueImportProducts)
    .where(and(eq(catalogueImportProducts.importId, importId), eq(catalogueImportProducts.status, "pending")))
    .orderBy(asc(catalogueImportProducts.position))
    .limit(limit);
}

export type ProductOutcome = "created" | "updated" | "unchanged" | "failed";

/**
 * Settles products of an import (done or failed) and adds them to its counts, in the transaction that wrote them:
 * a product is counted exactly when its write commits, and a run that starts again skips it. Only products still
 * pending are settled, so a second run racing the first cannot count one twice (answers how many it settled).
 */
export async function settleProducts(
  db: Db,
  importId: number,
  outcomes: { position: number; outcome: ProductOutcome; errors?: CatalogueFileProblem[] }[],
): Promise<number> {
  if (outcomes.length === 0) return 0;
  const settle = async (status: "done" | "failed", positions: number[]) =>
    positions.length === 0
      ? []
      : db
          .update(catalogueImportProducts)
          .set({ status })
          .where(
            and(
              eq(catalogueImportProducts.importId, importId),
              eq(catalogueImportProducts.status, "pending"),
              inArray(catalogueImportProducts.position, positions),
            ),
          )
          .returning({ position: catalogueImportProducts.position });
  const failed = outcomes.filter((entry) => entry.outcome === "failed").map((entry) => entry.position);
  const done = outcomes.filter((entry) => entry.outcome !== "failed").map((entry) => entry.position);
  const settled = [...(await settle("failed", failed)), ...(await settle("done", done))];
  const counted = new Set(settled.map((row) => row.position));
  const mine = outcomes.filter((entry) => counted.has(entry.position));
  const count = (outcome: ProductOutcome) => mine.filter((entry) => entry.outcome === outcome).length;
  const newErrors = mine.flatMap((entry) => entry.errors ?? []);
  await db
    .update(catalogueImports)
    .set({
      productsDone: sql`${catalogueImports.productsDone} + ${mine.length - count("failed")}`,
      productsFailed: sql`${catalogueImports.productsFailed} + ${count("failed")}`,
      created: sql`${catalogueImports.created} + ${count("created")}`,
      updated: sql`${catalogueImports.updated} + ${count("updated")}`,
      unchanged: sql`${catalogueImports.unchanged} + ${count("unchanged")}`,
      ...(newErrors.length > 0
        ? {
            errors: sql`(select coalesce(jsonb_agg(problem), '[]'::jsonb) from (select problem from jsonb_array_elements(${catalogueImports.errors} || ${JSON.stringify(newErrors)}::jsonb) as problem limit ${MAX_LISTED_PROBLEMS}) as listed)`,
          }
        : {}),
    })
    .where(eq(catalogueImports.id, importId));
  return mine.length;
}

/** Ends the import; its drafts are no longer needed once every product is settled (its counts and errors stay). */
export async function finishImport(db: Db, importId: number, status: "succeeded" | "failed"): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ status, finishedAt: sql`now()` })
    .where(eq(catalogueImports.id, importId));
  if (status === "succeeded") await db.delete(catalogueImportProducts).where(eq(catalogueImportProducts.importId, importId));
}

/** The written products of an import that name pictures, after `afterPosition`, in file order (the pictures' pass). */
export async function nextProductsWithImages(db: Db, importId: number, afterPosition: number, limit: number) {
  return db
    .select({ position: catalogueImportProducts.position, draft: catalogueImportProducts.draft })
    .from(catalogueImportProducts)
    .where(
      and(
        eq(catalogueImportProducts.importId, importId),
        eq(catalogueImportProducts.status, "done"),
        sql`${catalogueImportProducts.position} > ${afterPosition}`,
        sql`jsonb_array_length(coalesce(${catalogueImportProducts.draft} -> 'images', '[]'::jsonb)) > 0`,
      ),
    )
    .orderBy(asc(catalogueImportProducts.position))
    .limit(limit);
}

/** Adds warnings to an import's list (a picture that could not be fetched), at most MAX_LISTED_PROBLEMS in all. */
export async function addImportWarnings(db: Db, importId: number, warnings: CatalogueFileProblem[]): Promise<void> {
  if (warnings.length === 0) return;
  await db
    .update(catalogueImports)
    .set({
      warnings: sql`(select coalesce(jsonb_agg(problem), '[]'::jsonb) from (select problem from jsonb_array_elements(${catalogueImports.warnings} || ${JSON.stringify(warnings)}::jsonb) as problem limit ${MAX_LISTED_PROBLEMS}) as listed)`,
    })
    .where(eq(catalogueImports.id, importId));
}
