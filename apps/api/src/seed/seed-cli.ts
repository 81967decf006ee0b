import { mkdir } from "node:fs/promises";
import path from "node:path";
import cliProgress from "cli-progress";
import { openDatabase } from "../db/client";
import { MigrationsBeforeBaselineError, runMigrations } from "../db/migrate";
import { loadEnv, resolveDataDir } from "../env";
import { DEMO_CUSTOMER, DEMO_TRADE_BUYER, DEMO_TRADE_INVITE } from "./demo-identity";
import { DEMO_INVITE_LINK_FILE, demoInviteLogLine, saveDemoInviteLink } from "./demo-invite-link";
import { DEMO_STORE_KEY } from "./demo-shop";
import { parseSeedArgs, runSeed, SEED_USAGE } from "./run-seed";

// `npm run db:seed -- [--if-empty] [--products N]`, or `node apps/api/dist/seed.js` from the build.
let options: ReturnType<typeof parseSeedArgs>;
try {
  options = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${SEED_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(SEED_USAGE);
  process.exit(0);
}

const env = loadEnv();
const dataDir = env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`;
// PGlite creates its own folder but not missing parents, which a fresh clone or a new DATA_DIR lacks.
if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
const database = await openDatabase({ url: env.DATABASE_URL, dataDir });

/** One bar per phase. Without a terminal (CI logs) it prints a plain line every few seconds instead. */
function progressBar(label: string) {
  let bar: cliProgress.SingleBar | undefined;
  return (done: number, total: number) => {
    if (!bar) {
      bar = new cliProgress.SingleBar(
        {
          format: `${label} |{bar}| {value}/{total} books | {duration_formatted} elapsed, about {eta_formatted} left`,
          hideCursor: true,
          noTTYOutput: true,
          notTTYSchedule: 5000,
          // Before the first batch lands there is no rate yet; the library would print "NULL" or "INF".
          formatTime: (seconds, options, roundTo) =>
            typeof seconds === "number" ? cliProgress.Format.TimeFormat(seconds, options, roundTo) : "…",
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, done);
    }
    bar.update(done);
    if (done >= total) bar.stop();
  };
}

const started = performance.now();
try {
  await runMigrations(database);
  const report = await runSeed(
    database.db,
    options,
    { onDemoBook: progressBar("Demo shop      "), onLargeCatalogue: progressBar("Large catalogue") },
    { storefrontUrl: env.STOREFRONT_URL },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const demo = { created: "seeded", replaced: "seeded afresh", kept: "already there, kept" }[report.demo];
  const large = report.largeCatalogueAdded > 0 ? `; ${report.largeCatalogueAdded} large-catalogue books added` : "";
  console.log(`Demo store "${DEMO_STORE_KEY}" ${demo}${large} (${database.kind}, ${seconds}s).`);
  if (report.demoInviteUrl) {
    console.log(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
    console.log(`Demo trade buyer (pays on account): ${DEMO_TRADE_BUYER.email} / ${DEMO_TRADE_BUYER.password}`);
    await saveDemoInviteLink(resolveDataDir(env), report.demoInviteUrl);
    // Named as DATA_DIR is (relative paths are from the repository root), whichever workspace the seed runs from.
    console.log(demoInviteLogLine(DEMO_TRADE_INVITE.email, path.join(env.DATA_DIR, DEMO_INVITE_LINK_FILE)));
  }
} catch (error) {
  console.error(error instanceof MigrationsBeforeBaselineError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
