import type { Operation } from "./operation";
import {
  AdminDataExportQuerySchema,
  CustomerDataExportQuerySchema,
  PersonalDataExportResponseSchema,
  PersonalDataSummarySchema,
} from "../data-export";

/**
 * A person's data (decision 062): the signed-in customer's own, and the merchant's for an email address, each as JSON
 * to download and as a plain-text summary to read.
 */
export const dataExportOperations = {
  exportCustomerData: {
    method: "GET",
    path: "/customers/data-export",
    query: CustomerDataExportQuerySchema,
    response: PersonalDataExportResponseSchema,
  },
  summariseCustomerData: {
    method: "GET",
    path: "/customers/data-export/summary",
    query: CustomerDataExportQuerySchema,
    response: PersonalDataSummarySchema,
    produces: "text/plain",
  },
  exportAdminPersonalData: {
    method: "GET",
    path: "/admin/customers/data-export",
    query: AdminDataExportQuerySchema,
    response: PersonalDataExportResponseSchema,
  },
  summariseAdminPersonalData: {
    method: "GET",
    path: "/admin/customers/data-export/summary",
    query: AdminDataExportQuerySchema,
    response: PersonalDataSummarySchema,
    produces: "text/plain",
  },
} as const satisfies Record<string, Operation>;
