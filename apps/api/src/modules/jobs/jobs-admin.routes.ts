import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { adminAccess } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { listFailedJobs, retryJob } from "./jobs-admin.service";

/** The back office's view of the job queue (permission `settings`): failed jobs and a retry of one. */
export const jobsAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const { config, schema, errors } = adminAccess("settings");

  app.route({
    ...operationRoute("listFailedJobs", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors],
        summary:
          "Background jobs that failed their last retry, newest first, in keyset pages: queue, times, retries, error (never the payload)",
      },
    }),
    handler: async (request) => ({ data: await listFailedJobs(db, request.query) }),
  });

  app.route({
    ...operationRoute("retryFailedJob", {
      config,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "job_not_found", "job_not_failed"],
        summary: "Give a failed job one more attempt, at the worker's next poll (pg-boss's retry)",
      },
    }),
    handler: async (request) => ({ data: await retryJob(db, request.params.id) }),
  });
};
