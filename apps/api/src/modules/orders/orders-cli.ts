import { openDatabase } from "../../db/client";
import { loadEnv, resolveDataDir } from "../../env";
import { moneyFlowsFromEnv } from "../../flows/flow-deps";
import { ORDERS_USAGE, parseOrdersArgs, runOrdersCommand, type OrdersCommand } from "./orders-command";

// `npm run orders --workspace @quire/api -- ship QB-100001 --tracking RM123456789GB`
let command: OrdersCommand;
try {
  command = parseOrdersArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${ORDERS_USAGE}`);
  process.exit(2);
}
if (command.name === "help") {
  console.log(ORDERS_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  for (const line of await runOrdersCommand(database.db, command, moneyFlowsFromEnv(env, database.db))) console.log(line);
} catch (error) {
  // Expected failures (unknown order, a refused transition) read best as their message alone.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
