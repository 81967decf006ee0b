import { pino } from "pino";
import { startBackgroundJobs } from "./background-jobs";
import { openDatabase } from "./db/client";
import { loadEnv } from "./env";
import { serializeError } from "./http/logging";

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

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping: finishing the job in hand");
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
