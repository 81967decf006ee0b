import { openDatabase } from "../../db/client";
import { loadEnv, resolveDataDir } from "../../env";
import { JOBS_USAGE, parseJobsArgs, runJobsCommand, type JobsOptions } from "./jobs-command";

// `npm run jobs --workspace @quire/api -- failed`, `... -- retry <id>`, `... -- status`
let options: JobsOptions;
try {
  options = parseJobsArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${JOBS_USAGE}`);
  process.exit(2);
}
if (options.command === "help") {
  console.log(JOBS_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  console.log(await runJobsCommand(database.db, options));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
