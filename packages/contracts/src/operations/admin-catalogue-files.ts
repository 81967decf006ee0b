import type { Operation } from "./operation";
import { IdempotentCallHeadersSchema } from "../common";
import { CsvDocumentSchema } from "../orders";
import {
  CatalogueFileBodySchema,
  CatalogueFileQuerySchema,
  CatalogueImportCheckResponseSchema,
  CatalogueImportListResponseSchema,
  CatalogueImportParamsSchema,
  CatalogueImportResponseSchema,
  ListCatalogueImportsQuerySchema,
} from "../admin-catalogue-files";

/** The merchant's catalogue files: CSV import (checked, then run as a job) and export (admin API, permission `catalogue`). */
export const adminCatalogueFileOperations = {
  checkCatalogueImport: {
    method: "POST",
    path: "/admin/catalogue/imports/dry-run",
    query: CatalogueFileQuerySchema,
    body: CatalogueFileBodySchema,
    consumes: "text/csv",
    response: CatalogueImportCheckResponseSchema,
  },
  startCatalogueImport: {
    method: "POST",
    path: "/admin/catalogue/imports",
    query: CatalogueFileQuerySchema,
    headers: IdempotentCallHeadersSchema,
    body: CatalogueFileBodySchema,
    consumes: "text/csv",
    response: CatalogueImportResponseSchema,
    status: 202,
  },
  listCatalogueImports: {
    method: "GET",
    path: "/admin/catalogue/imports",
    query: ListCatalogueImportsQuerySchema,
    response: CatalogueImportListResponseSchema,
  },
  getCatalogueImport: {
    method: "GET",
    path: "/admin/catalogue/imports/:id",
    params: CatalogueImportParamsSchema,
    response: CatalogueImportResponseSchema,
  },
  exportCatalogue: {
    method: "GET",
    path: "/admin/catalogue/export",
    query: CatalogueFileQuerySchema,
    response: CsvDocumentSchema,
    produces: "text/csv",
  },
} as const satisfies Record<string, Operation>;
