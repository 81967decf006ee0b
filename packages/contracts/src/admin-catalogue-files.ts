import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema } from "./common";
import { CATALOGUE_FILE_FORMATS, INT32_MAX, MAX_CATALOGUE_FILE_BYTES, MAX_PAGE_SIZE } from "./constants";

// Contracts of the merchant's catalogue files (admin API, permission `catalogue`, decision 053): a CSV in Shopify's
// product format or Quire's own, checked first (a dry run that writes nothing), then imported as a background job
// whose progress can be followed, and the catalogue exported in either format.

/** The file itself: UTF-8 text, comma-, semicolon- or tab-separated, with a header row. */
export const CatalogueFileBodySchema = z.string().max(MAX_CATALOGUE_FILE_BYTES).meta({
  id: "CatalogueFile",
  description: "A product CSV (UTF-8, a header row, commas, semicolons or tabs between cells)",
});

export const CatalogueFileQuerySchema = z.object({ format: z.enum(CATALOGUE_FILE_FORMATS) }).strict();

/** One problem with one cell (or row) of the file: its row as a spreadsheet numbers it (the header is row 1). */
export const CatalogueFileProblemSchema = z
  .object({
    row: z.number().int(),
    column: z.string().nullable(),
    code: z.string(),
    message: z.string(),
  })
  .meta({ id: "CatalogueFileProblem" });
export type CatalogueFileProblem = z.infer<typeof CatalogueFileProblemSchema>;

/**
 * POST /admin/catalogue/imports/dry-run: what importing the file would do, product by product, with every problem
 * found, and nothing written. A product with an error would be skipped by the import; warnings say what is not
 * taken from the file (a column Quire has no place for).
 */
export const CatalogueImportCheckSchema = z
  .object({
    format: z.enum(CATALOGUE_FILE_FORMATS),
    rows: z.number().int(),
    products: z.number().int(),
    variants: z.number().int(),
    toCreate: z.number().int(),
    toUpdate: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
    errors: z.array(CatalogueFileProblemSchema),
    warnings: z.array(CatalogueFileProblemSchema),
  })
  .meta({ id: "CatalogueImportCheck" });
export const CatalogueImportCheckResponseSchema = dataSchema(CatalogueImportCheckSchema);

export const CATALOGUE_IMPORT_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

/**
 * An import and how far it got. `productsDone` counts products written or found unchanged, `productsFailed` those
 * skipped for an error (listed in `errors`, at most MAX_LISTED_PROBLEMS). An import that stopped (a crash, a
 * restart) carries on from the first product not yet done when its job runs again.
 */
export const CatalogueImportSchema = z
  .object({
    id: IdSchema,
    format: z.enum(CATALOGUE_FILE_FORMATS),
    status: z.enum(CATALOGUE_IMPORT_STATUSES),
    rows: z.number().int(),
    products: z.number().int(),
    productsDone: z.number().int(),
    productsFailed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(CatalogueFileProblemSchema),
    warnings: z.array(CatalogueFileProblemSchema),
    requestedBy: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    startedAt: z.iso.datetime({ offset: true }).nullable(),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "CatalogueImport" });
export type CatalogueImport = z.infer<typeof CatalogueImportSchema>;
export const CatalogueImportResponseSchema = dataSchema(CatalogueImportSchema);

export const CatalogueImportParamsSchema = z.object({ id: IdParamSchema }).strict();

/** GET /admin/catalogue/imports: newest first, in keyset pages (`before` = the answer's `nextBefore`). */
export const ListCatalogueImportsQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(20),
  })
  .strict();
export const CatalogueImportListResponseSchema = dataSchema(
  z.object({ imports: z.array(CatalogueImportSchema.omit({ errors: true, warnings: true })), nextBefore: z.number().int().nullable() }),
);
