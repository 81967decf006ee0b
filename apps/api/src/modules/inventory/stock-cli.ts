import { openDatabase } from "../../db/client";
import { loadEnv, resolveDataDir } from "../../env";
import { parseStockArgs, runStockCommand, STOCK_USAGE, type StockOptions } from "./stock-command";

// `npm run stock:set --workspace @quire/api -- --sku QB-000083-HB --quantity 5`
let options: StockOptions;
try {
  options = parseStockArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${STOCK_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(STOCK_USAGE);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
});
try {
  const change = await runStockCommand(database.db, options);
  const cameBack = change.previousQuantity === 0 && change.quantity > 0;
  const mailed = cameBack ? "; the API's job worker emails its confirmed back-in-stock subscribers" : "";
  console.log(`${change.sku}: stock ${change.previousQuantity} → ${change.quantity}${mailed}.`);
} catch (error) {
  // Expected failures (unknown SKU, a refused quantity) read best as their message alone.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
