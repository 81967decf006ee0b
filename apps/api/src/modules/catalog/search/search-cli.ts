import { openDatabase } from "../../../db/client";
import { loadEnv, resolveDataDir } from "../../../env";
import { listStoreIds } from "../../stores/stores.service";
import { indexAllQueuedProducts, rebuildStoreIndex } from "./search-index";

/*
 * `npm run search --workspace @quire/api -- rebuild`: writes every store's search documents again and recounts
 * its vocabulary (after a bulk change that went around the catalogue's writer, or to start afresh).
 * `... -- index-queued`: writes the queued products now, as the worker's sweep would within a minute (a
 * migrated shop, or a shop run without the worker).
 */
const USAGE = `Usage: npm run search --workspace @quire/api -- <rebuild | index-queued>`;
const command = process.argv[2];
if (command !== "rebuild" && command !== "index-queued") {
  console.error(USAGE);
  process.exit(command === undefined || command === "help" ? 0 : 2);
}

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite` });
try {
  const started = Date.now();
  if (command === "rebuild") {
    for (const storeId of await listStoreIds(database.db)) {
      console.log(`store ${storeId}: ${(await rebuildStoreIndex(database.db, storeId)).toLocaleString("en-GB")} products indexed`);
    }
  } else {
    await indexAllQueuedProducts(database.db);
    console.log("queued products indexed");
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
