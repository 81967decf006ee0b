import type { Operation } from "./operation";
import { AdminExportConsentRecordsQuerySchema, CookieConsentRecordResponseSchema, RecordCookieConsentBodySchema } from "../consent";
import { CsvDocumentSchema } from "../orders";

/** Consent records (decision 060): the storefront records a cookie decision; the merchant exports a period's records. */
export const consentOperations = {
  recordCookieConsent: {
    method: "POST",
    path: "/consents",
    body: RecordCookieConsentBodySchema,
    response: CookieConsentRecordResponseSchema,
    status: 201,
  },
  exportAdminConsentRecords: {
    method: "GET",
    path: "/admin/consent-records",
    query: AdminExportConsentRecordsQuerySchema,
    response: CsvDocumentSchema,
    produces: "text/csv",
  },
} as const satisfies Record<string, Operation>;
