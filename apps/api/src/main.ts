import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { loadEnv, resolveDataDir, resolveTokenSecret } from "./env";

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
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "stopping");
  await app.close();
  await readDatabase?.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

await app.listen({ host: env.API_HOST, port: env.API_PORT });
