import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { loadEnv, resolveDataDir, resolveTokenSecret } from "./env";
import { summariseDatabaseError } from "./http/database-unavailable";
import { createMailTransport } from "./modules/mail/mail-transports";
import { startOutboxWorker } from "./modules/mail/outbox-worker";

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
const readDatabase = env.DATABASE_READ_URL ? await openDatabase({ url: env.DATABASE_READ_URL }) : null;

const app = await buildApp({
  db: database.db,
  readDb: readDatabase?.db,
  apiKeys: env.API_KEYS,
  tokenSecret: resolveTokenSecret(env),
  catalogCountsTtlMs: env.CATALOG_COUNTS_TTL_SECONDS * 1000,
  logger: { level: env.LOG_LEVEL },
  storefrontUrl: env.STOREFRONT_URL,
  sessionTtlDays: env.SESSION_TTL_DAYS,
  trustProxy: env.TRUST_PROXY,
});

// Losing the database never stops this process: calls that need it answer 503 with Retry-After (the error
// handler), /health keeps answering, and the pool reconnects on the first call after the server is back.
for (const [name, watched] of [["database", database], ["read replica", readDatabase]] as const) {
  watched?.watchConnection({
    lost: (error) => app.log.warn({ cause: summariseDatabaseError(error) }, `${name} connection lost: calls that need it answer 503 until it is back`),
    restored: () => app.log.info(`${name} connection restored`),
  });
}

// Mail goes out from this process; without SMTP_URL each message's link is printed instead.
if (!env.SMTP_URL) app.log.info("SMTP_URL is not set: emails are printed to this console, not sent");
const outboxWorker = startOutboxWorker({
  db: database.db,
  transport: createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
  pollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
  onError: (error) => app.log.error({ err: error }, "outbox worker: delivery round failed"),
  onDatabaseUnavailable: (error) =>
    app.log.warn({ cause: summariseDatabaseError(error) }, "outbox worker: the database is unavailable; retrying less often until it is back"),
  onDatabaseRestored: () => app.log.info("outbox worker: the database is back; delivering again"),
  onFailedDelivery: (report) => app.log.warn(report, "outbox worker: some messages were not delivered and will be retried"),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "stopping");
  await app.close();
  await outboxWorker.stop();
  await readDatabase?.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

await app.listen({ host: env.API_HOST, port: env.API_PORT });
