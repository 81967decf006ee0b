import { loadEnv, resolveDataDir } from "../env";
import { openDatabase } from "./client";
import { MigrationsBeforeBaselineError, runMigrations } from "./migrate";

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  // What to do, without a stack trace: the database is not broken, only older than the migrations.
  if (!(error instanceof MigrationsBeforeBaselineError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
