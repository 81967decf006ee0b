import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { removeOlderSnapshots } from "./migration-files";

// `npm run db:generate -- [--name <what-it-does>] [--custom]`: drizzle-kit generate with drizzle.config.ts, then
// only the latest snapshot kept (decision 043). Read the SQL it wrote before committing it.
const apiDir = path.resolve(import.meta.dirname, "..", "..");
// The package exports no path to its command; the command sits beside its main file.
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");
const generate = spawnSync(process.execPath, [drizzleKit, "generate", ...process.argv.slice(2)], { cwd: apiDir, stdio: "inherit" });
if (generate.status !== 0) process.exit(generate.status ?? 1);

// drizzle.config.ts writes to src/db/migrations, the folder db/migrate.ts applies.
for (const name of await removeOlderSnapshots(path.join(import.meta.dirname, "migrations"))) {
  console.log(`Deleted meta/${name}: drizzle-kit diffs against the latest snapshot only (decision 043).`);
}
