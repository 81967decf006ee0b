import type { Operation } from "./operation";
import {
  BackOfficeOverviewResponseSchema,
  JobParamsSchema,
  ListFailedJobsQuerySchema,
  ListFailedJobsResponseSchema,
  RetriedJobResponseSchema,
} from "../admin-back-office";

/** The back office's own calls: the home page's figures, and the job queue's failures. */
export const adminBackOfficeOperations = {
  getBackOfficeOverview: { method: "GET", path: "/admin/reports/overview", response: BackOfficeOverviewResponseSchema },
  listFailedJobs: { method: "GET", path: "/admin/jobs/failed", query: ListFailedJobsQuerySchema, response: ListFailedJobsResponseSchema },
  retryFailedJob: { method: "POST", path: "/admin/jobs/:id/retry", params: JobParamsSchema, response: RetriedJobResponseSchema },
} as const satisfies Record<string, Operation>;
