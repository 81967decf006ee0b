import { buildApp } from "./app";
import { gatewaysFromEnv } from "./modules/payments/gateways/gateways";
import { startInProcessJobs } from "./background-jobs";
import { openDatabase } from "./db/client";
import { readsWithFallback } from "./db/replica-fallback";
import { loadEnv, resolveDataDir, resolveAdminKeys, resolveOrderLinkSecret, resolveTokenSecret } from "./env";
import { summariseDatabaseError } from "./http/database-unavailable";
import { createImageStorage } from "./modules/media/image-storage-from-env";
import { exitGracefullyOnSignals } from "./shutdown";

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
});
const readDatabase = env.DATABASE_READ_URL
  ? await openDatabase({ url: env.DATABASE_READ_URL, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS })
  : null;

// Catalogue reads on the replica while it answers, on the primary while it does not (db/replica-fallback.ts).
// Each switch is logged once the app (and its logger) exists; one before that is only acted on.
const replicaSwitches: { log?: (toReplica: boolean) => void } = {};
const replicaReads = readDatabase
  ? readsWithFallback(database, readDatabase, { onSwitch: (toReplica) => replicaSwitches.log?.(toReplica) })
  : null;

const app = await buildApp({
  db: database.db,
  readDb: replicaReads?.db,
  apiKeys: env.API_KEYS,
  adminApiKeys: resolveAdminKeys(env),
  tokenSecret: resolveTokenSecret(env),
  catalogCountsTtlMs: env.CATALOG_COUNTS_TTL_SECONDS * 1000,
  catalogIndex: env.CATALOG_INDEX === "on",
  followStoreSettings: true,
  logger: { level: env.LOG_LEVEL },
  storefrontUrl: env.STOREFRONT_URL,
  backOfficeUrl: env.BACK_OFFICE_URL,
  orderLinkSecret: resolveOrderLinkSecret(env),
  paymentGateways: gatewaysFromEnv(env),
  sessionTtlDays: env.SESSION_TTL_DAYS,
  idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
  trustProxy: env.TRUST_PROXY,
  httpTimeouts: { headersMs: env.HEADERS_TIMEOUT_MS, requestMs: env.REQUEST_TIMEOUT_MS },
  metrics: { token: env.METRICS_TOKEN, poolStats: database.poolStats },
  imageStorage: createImageStorage(env, resolveDataDir(env)),
});

// Losing the database never stops this process: calls that need it answer 503 with Retry-After (the error
// handler), /health keeps answering, and the pool reconnects on the first call after the server is back.
database.watchConnection({
  lost: (error) =>
    app.log.warn({ cause: summariseDatabaseError(error) }, "database connection lost: calls that need it answer 503 until it is back"),
  restored: () => app.log.info("database connection restored"),
});
replicaSwitches.log = (toReplica) =>
  toReplica
    ? app.log.info("read replica answers again: catalogue reads go to it")
    : app.log.warn("read replica not answering: catalogue reads go to the primary until it does");

// Background jobs (mail, back-in-stock notices, housekeeping) run in this process unless JOBS_WORKER=off
// says workers of their own (worker.ts) run them.
const jobWorker = await startInProcessJobs({ env, database, log: app.log });

// On SIGTERM: new requests answer 503 (Fastify's return503OnClosing) and idle connections close, so a balancer
// moves on; requests in flight and the job in hand finish within the grace, the job worker handing back
// what it could not finish.
exitGracefullyOnSignals(app.log, env.SHUTDOWN_GRACE_SECONDS, async (graceMs) => {
  await Promise.all([app.close(), jobWorker?.stop({ graceMs })]);
  replicaReads?.stop();
  await readDatabase?.close();
  await database.close();
});

await app.listen({ host: env.API_HOST, port: env.API_PORT });
