import { openDatabase } from "../../db/client";
import { loadEnv, resolveDataDir } from "../../env";
import { moneyFlowsFromEnv } from "../../flows/flow-deps";
import { parseReturnsArgs, RETURNS_USAGE, runReturnsCommand, type ReturnsCommand } from "./returns-command";

// `npm run returns --workspace @quire/api -- approve RMA-500001`
let command: ReturnsCommand;
try {
  command = parseReturnsArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${RETURNS_USAGE}`);
  process.exit(2);
}
if (command.name === "help") {
  console.log(RETURNS_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  const lines = await runReturnsCommand(database.db, command, moneyFlowsFromEnv(env, database.db));
  for (const line of lines) console.log(line);
} catch (error) {
  // Expected failures (unknown return, a refused transition) read best as their message alone.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
