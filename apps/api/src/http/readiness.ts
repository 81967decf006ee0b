import type { FastifyInstance } from "fastify";
import { pingDatabase, type Db } from "../db/client";

/**
 * GET /health/ready, for load balancers and orchestrators: 200 when every database this process uses
 * answers, 503 with Retry-After while one is away, so traffic goes to a process that can serve it. GET
 * /health stays the liveness check: it needs no database, so an outage never gets a process restarted.
 */
export function registerReadinessCheck(app: FastifyInstance, databases: Db[]) {
  // A database that is away fails the ping with the error the error handler answers 503 service_unavailable.
  app.get("/health/ready", { config: { public: true }, schema: { hide: true } }, async () => {
    await Promise.all(databases.map(pingDatabase));
    return { status: "ok" };
  });
}
