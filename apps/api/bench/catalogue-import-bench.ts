/**
 * Catalogue import benchmark: `npm run bench:import --workspace @quire/api [-- --products 10000]`.
 *
 * Needs PostgreSQL (DATABASE_URL names the server; the bench makes a database of its own there and drops it after).
 * It migrates and seeds the demo shop, writes a Quire-format file of `--products` new books (two variants each,
 * three currencies, an author and a category each), then times, in-process through the admin API's routes: the dry
 * run, the import's start (reading and recording the file) and its job to the end; then the same file again (every
 * product unchanged). Prints products and rows per second. The goal (decision 053): 10,000 products in under 60 s.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../src/app";
import { openDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { loadEnv, resolveTokenSecret } from "../src/env";
import { createJobHandlers } from "../src/job-handlers";
import { runJobsUntilIdle } from "../src/modules/jobs/job-worker";
import { DEMO_STORE_KEY } from "../src/seed/demo-shop";
import { runSeed } from "../src/seed/run-seed";

const { values: args } = parseArgs({ options: { products: { type: "string", default: "10000" } }, strict: true });
const count = Number(args.products);
if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new Error("--products takes 1 to 100000");

const env = loadEnv();
if (!env.DATABASE_URL)
  throw new Error("The import bench needs PostgreSQL: set DATABASE_URL (it makes and drops a database of its own there)");
const serverUrl = new URL(env.DATABASE_URL);
const benchName = `quire_import_bench_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${benchName}`;

/** A file of `count` new books in Quire's format: a hardback and a paperback each, in the demo's currencies. */
function catalogueFile(): string {
  const lines = [
    "handle,name,description,published,product_type,categories,sku,variant_name,stock,option1_code,option1_name,option1_value,attribute_author,price_GBP,original_price_GBP,price_EUR,price_USD",
  ];
  for (let n = 0; n < count; n++) {
    const author = `Bench Author ${n % 500}`;
    lines.push(
      `bench-book-${n},Bench Book ${n},"A book made for the benchmark, number ${n}.",true,,fiction,BENCH-${n}-HB,Hardback,${n % 20},format,Format,Hardback,${author},14.99,18.00,16.99,18.99`,
      `bench-book-${n},,,,,,BENCH-${n}-PB,Paperback,${n % 7},format,Format,Paperback,,8.99,,9.99,10.99`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const ADMIN_KEY = "bench-admin-key-0000000000";
await admin(`CREATE DATABASE "${benchName}"`);
try {
  const database = await openDatabase({ url: benchUrl.toString(), maxConnections: 10 });
  try {
    await runMigrations(database);
    await runSeed(database.db, { ifEmpty: false, products: 0 });
    const app = await buildApp({ db: database.db, apiKeys: env.API_KEYS, tokenSecret: resolveTokenSecret(env), adminApiKeys: [ADMIN_KEY] });
    const headers = { "admin-key": ADMIN_KEY, storekey: DEMO_STORE_KEY, "content-type": "text/csv" };
    const file = catalogueFile();
    const rows = count * 2;
    const handlers = createJobHandlers({
      db: database.db,
      mailTransport: { send: () => Promise.reject(new Error("no mail in the bench")), close: () => {} },
      storefrontUrl: "http://localhost:3000",
    });
    const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
    const report = (label: string, took: number) =>
      console.log(
        `${label.padEnd(28)} ${took.toFixed(1).padStart(6)} s  ${(count / took).toFixed(0).padStart(6)} products/s  ${(rows / took).toFixed(0).padStart(6)} rows/s`,
      );

    console.log(`Catalogue import bench: ${count} products, ${rows} rows, ${(file.length / 1e6).toFixed(1)} MB`);
    let start = process.hrtime.bigint();
    const checked = await app.inject({ method: "POST", url: "/admin/catalogue/imports/dry-run?format=quire", headers, payload: file });
    if (checked.statusCode !== 200) throw new Error(`the dry run answered ${checked.statusCode}: ${checked.body.slice(0, 500)}`);
    report("dry run", seconds(start));

    for (const round of ["import (all new)", "import again (unchanged)"]) {
      start = process.hrtime.bigint();
      const started = await app.inject({ method: "POST", url: "/admin/catalogue/imports?format=quire", headers, payload: file });
      if (started.statusCode !== 202) throw new Error(`the import answered ${started.statusCode}: ${started.body.slice(0, 500)}`);
      const read = seconds(start);
      await runJobsUntilIdle(database.db, { "catalogue-import": handlers["catalogue-import"] });
      const took = seconds(start);
      const id = started.json().data.id as number;
      const done = (await app.inject({ method: "GET", url: `/admin/catalogue/imports/${id}`, headers })).json().data;
      report(round, took);
      console.log(
        `  read and recorded in ${read.toFixed(1)} s; ${JSON.stringify({ status: done.status, created: done.created, updated: done.updated, unchanged: done.unchanged, failed: done.productsFailed })}`,
      );
    }
    start = process.hrtime.bigint();
    const exported = await app.inject({ method: "GET", url: "/admin/catalogue/export?format=quire", headers });
    report("export", seconds(start));
    console.log(`  ${(exported.body.length / 1e6).toFixed(1)} MB`);
    await app.close();
  } finally {
    await database.close();
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS "${benchName}" WITH (FORCE)`);
}
