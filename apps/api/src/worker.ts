import { pino } from "pino";
import { startBackgroundJobs } from "./background-jobs";
import { openDatabase, pingDatabase } from "./db/client";
import { loadEnv } from "./env";
import { serializeError } from "./http/logging";
import { exitGracefullyOnSignals } from "./shutdown";
import { serveWorkerHealth } from "./worker-health";

// The background jobs in a process of their own (`npm run worker --workspace @quire/api`), for running them
// apart from the API. It needs DATABASE_URL: the embedded database belongs to the one process that opened
// it, and `npm start` runs the jobs inside the API instead.
const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL, serializers: { err: serializeError } });
if (!env.DATABASE_URL) {
  log.fatal("the worker needs DATABASE_URL: with the embedded database, the API runs the jobs itself");
  process.exit(2);
}
const database = await openDatabase({ url: env.DATABASE_URL, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS });
database.watchConnection({
  lost: () => log.warn("database connection lost"),
  restored: () => log.info("database connection restored"),
});
const worker = await startBackgroundJobs({ env, database, log });
log.info("job worker started");

// Liveness and readiness for an orchestrator, when asked for (worker-health.ts).
let stopping = false;
const health =
  env.WORKER_HEALTH_PORT === undefined
    ? null
    : await serveWorkerHealth({
        host: env.API_HOST,
        port: env.WORKER_HEALTH_PORT,
        ready: async () => !stopping && (await pingDatabase(database.db).then(() => true)),
      });
if (health) log.info(`job worker health at ${health.url}/health and /health/ready`);

exitGracefullyOnSignals(log, env.SHUTDOWN_GRACE_SECONDS, async (graceMs) => {
  stopping = true;
  await worker.stop({ graceMs });
  await health?.close();
  await database.close();
});
