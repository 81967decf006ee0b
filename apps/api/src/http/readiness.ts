import type { FastifyInstance } from "fastify";
import { pingDatabase, type Db } from "../db/client";
import { AppError } from "./errors";

/** How long a caller should wait before asking a process that is still warming up again. */
export const WARMING_RETRY_AFTER_SECONDS = 5;

/**
 * GET /health/ready, for load balancers and orchestrators: 200 when every database this process uses
 * answers and the process has done its start-up work (`isWarm`: the catalogue index of a large store, decision
 * 028), 503 with Retry-After until then, so traffic goes to a process that can serve it. GET /health stays the
 * liveness check: it needs no database, so an outage or a long start never gets a process restarted.
 */
export function registerReadinessCheck(app: FastifyInstance, databases: Db[], isWarm: () => boolean = () => true) {
  // A database that is away fails the ping with the error the error handler answers 503 service_unavailable.
  app.get("/health/ready", { config: { public: true }, schema: { hide: true } }, async () => {
    await Promise.all(databases.map(pingDatabase));
    if (!isWarm()) throw new AppError("service_unavailable", { retryAfterSeconds: WARMING_RETRY_AFTER_SECONDS });
    return { status: "ok" };
  });
}
