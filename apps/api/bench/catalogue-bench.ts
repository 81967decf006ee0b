/**
 * Catalogue benchmark: `npm run bench --workspace @quire/api [-- --duration 10 --connections 10 --index off]`.
 *
 * Expects the database the API uses (DATABASE_URL, or the embedded one under DATA_DIR) to hold a large
 * catalogue: `npm run db:seed -- --products 100000`. It first makes one request per scenario in-process
 * and counts the SQL statements it runs, then starts the API as its own process on a free loopback port,
 * waits for its catalogue index (decision 028; `--index off` for SQL only), makes one request per scenario
 * (the cold column: no count cached yet) and loads each scenario with autocannon for a bounded time,
 * printing requests per second and latency.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildApp } from "../src/app";
import { openDatabase } from "../src/db/client";
import { loadEnv, resolveDataDir, resolveTokenSecret } from "../src/env";
import { MAX_RESULT_WINDOW } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { createCatalogIndex } from "../src/modules/catalog/catalog-index-keeper";
import { freePort } from "../src/testing/postgres-cluster";
import { stores } from "../src/modules/stores/stores.tables";
import { DEMO_STORE_KEY } from "../src/seed/demo-shop";

const EXPECTED_PRODUCTS = 100_000;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    store: { type: "string", default: DEMO_STORE_KEY },
    index: { type: "string", default: "on" },
  },
  strict: true,
});
const duration = Number(args.duration);
const connections = Number(args.connections);
if (!Number.isInteger(duration) || duration < 1 || duration > 300) throw new Error("--duration takes whole seconds from 1 to 300");
if (!Number.isInteger(connections) || connections < 1 || connections > 200) throw new Error("--connections takes 1 to 200");
if (args.index !== "on" && args.index !== "off") throw new Error("--index takes on or off");
const indexOn = args.index === "on";

const env = loadEnv();
const apiKey = env.API_KEYS[0]!;
const headers = { "api-key": apiKey, storekey: args.store };

interface Scenario {
  name: string;
  url: string;
  statements?: number;
  coldMs?: number;
}

// ---------------------------------------------------------------- in-process: pick the URLs, count statements

let statements = 0;
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : `${resolveDataDir(env)}/pglite`,
  onQuery: () => void (statements += 1),
});
// With the index on, this phase reads through an index of its own, as the API process will.
const [store] = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.key, args.store));
if (!store) throw new Error(`No store "${args.store}": seed the database first`);
const catalogIndex = indexOn ? await createCatalogIndex({ db: database.db }) : undefined;
const indexStarted = performance.now();
const storeIndex = await catalogIndex?.sync(store.id);
if (storeIndex) {
  console.log(
    `Catalogue index: ${storeIndex.size.toLocaleString("en-GB")} products, ${(storeIndex.memoryBytes() / 1e6).toFixed(1)} MB of arrays, built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s.`,
  );
}
const app = await buildApp({ db: database.db, apiKeys: env.API_KEYS, tokenSecret: resolveTokenSecret(env), catalogIndex });

async function getData(url: string) {
  const response = await app.inject({ url, headers });
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json().data;
}

let scenarios: Scenario[];
try {
  const catalogueTotal: number = (await getData("/products?PageSize=1")).total;
  console.log(`Store "${args.store}": ${catalogueTotal.toLocaleString("en-GB")} visible products.`);
  if (catalogueTotal < EXPECTED_PRODUCTS) {
    console.log(
      `  (the benchmark is meant for ${EXPECTED_PRODUCTS.toLocaleString("en-GB")}: npm run db:seed -- --products ${EXPECTED_PRODUCTS})`,
    );
  }
  if (catalogueTotal === 0) throw new Error("No products to benchmark: seed the database first");

  // The largest top-level category, its most common value of its first facet, and a product in both.
  const roots: { id: number; slug: string }[] = (await getData("/categories/tree")).nodes;
  let category = { id: 0, slug: "", total: -1 };
  for (const root of roots) {
    const total: number = (await getData(`/products?CategoryId=${root.id}&PageSize=1`)).total;
    if (total > category.total) category = { id: root.id, slug: root.slug, total };
  }
  if (category.total <= 0) throw new Error("No category holds products");
  const facets: { code: string; values: { code: string; count: number }[] }[] = (
    await getData(`/product-filters?CategoryId=${category.id}`)
  ).facets;
  const facet = facets.find((candidate) => candidate.values.length > 1) ?? facets[0];
  if (!facet) throw new Error(`Category ${category.slug} has no facets`);
  const value = [...facet.values].sort((a, b) => b.count - a.count)[0]!;
  const selection = `CategoryId=${category.id}&Filters[0][Code]=${encodeURIComponent(facet.code)}&Filters[0][Values][0]=${encodeURIComponent(value.code)}`;
  const [product] = (await getData(`/products?${selection}&PageSize=1`)).results as { slug: string; name: string }[];
  if (!product) throw new Error("The chosen selection is empty");
  const word = product.name.split(/\s+/).find((candidate) => candidate.length >= 4) ?? product.name;
  console.log(
    `Category "${category.slug}" (${category.total.toLocaleString("en-GB")} products), filter ${facet.code}=${value.code}, product "${product.slug}".\n`,
  );

  // The deepest page the result window allows at the default page size (decision 003).
  const deepest = Math.floor((MAX_RESULT_WINDOW + 24) / 24);
  scenarios = [
    { name: "GET /products  category + filter + price sort", url: `/products?${selection}&Sort=price-asc` },
    { name: "GET /products  category + filter, page 1", url: `/products?${selection}` },
    { name: "GET /products  category + filter, page 20", url: `/products?${selection}&PageNumber=20` },
    { name: `GET /products  category + filter, page ${deepest}`, url: `/products?${selection}&PageNumber=${deepest}` },
    {
      name: `GET /products  category + filter + price desc, page ${deepest}`,
      url: `/products?${selection}&Sort=price-desc&PageNumber=${deepest}`,
    },
    { name: `GET /products  whole catalogue, name desc, page ${deepest}`, url: `/products?Sort=name-desc&PageNumber=${deepest}` },
    { name: "GET /products  whole catalogue, popular", url: "/products" },
    { name: `GET /products  search "${word}"`, url: `/products?SearchText=${encodeURIComponent(word)}` },
    { name: "GET /product-filters  category + filter", url: `/product-filters?${selection}` },
    { name: "GET /product-filters  whole catalogue", url: "/product-filters" },
    { name: "GET /products/slug=...", url: `/products/slug=${product.slug}` },
    { name: "GET /categories/tree", url: "/categories/tree" },
  ];
  for (const scenario of scenarios) {
    await getData(scenario.url); // warms the store-settings cache, so the count is the request's own
    statements = 0;
    await getData(scenario.url);
    scenario.statements = statements;
  }
} finally {
  await app.close();
  await catalogIndex?.close();
  await database.close();
}

// ---------------------------------------------------------------- out of process: load each scenario

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the API did not answer /health within 60 s");
}

/**
 * The API builds its catalogue index in the background on the first catalogue read, answering from SQL
 * meanwhile: wait until facet counts, which SQL takes seconds over, come fast. Each poll asks a selection of
 * its own (a price bound no product reaches), so no cached count answers it.
 */
async function waitForIndex(base: string) {
  const started = performance.now();
  let attempt = 0;
  const timed = async () => {
    const before = performance.now();
    attempt += 1;
    await (await fetch(`${base}/product-filters?MaxPrice=${100_000_000 + attempt}`, { headers })).arrayBuffer();
    return performance.now() - before;
  };
  const sqlMs = await timed(); // the first read starts the build
  while (performance.now() - started < 15 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if ((await timed()) < Math.min(1_000, sqlMs / 4)) {
      console.log(`The API's catalogue index answered after ${((performance.now() - started) / 1000).toFixed(0)} s.`);
      return;
    }
  }
  throw new Error("the API's catalogue index was not ready within 15 minutes");
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const apiDir = path.resolve(import.meta.dirname, "..");
const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
  cwd: apiDir,
  env: {
    ...process.env,
    API_HOST: "127.0.0.1",
    API_PORT: String(port),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    CATALOG_INDEX: args.index,
  },
  stdio: ["ignore", "inherit", "inherit"],
});

const rows: string[][] = [];
try {
  await waitForHealth(base, child);
  if (indexOn) await waitForIndex(base);
  console.log(`API on ${base}; ${connections} connections, ${duration} s per scenario.\n`);
  // One request each before any load: nothing cached yet but the catalogue index.
  for (const scenario of scenarios) {
    const started = performance.now();
    const response = await fetch(`${base}${scenario.url}`, { headers });
    await response.arrayBuffer();
    scenario.coldMs = Math.round(performance.now() - started);
  }
  for (const scenario of scenarios) {
    const result = await autocannon({ url: `${base}${scenario.url}`, connections, duration, headers, timeout: 30 });
    const row = [
      scenario.name,
      String(scenario.statements),
      String(scenario.coldMs),
      result.requests.average.toFixed(1),
      String(result.latency.p50),
      String(result.latency.p90),
      String(result.latency.p99),
      String(result.non2xx + result.errors + result.timeouts),
    ];
    rows.push(row);
    console.log(`  ${row[0]}: cold ${row[2]} ms, ${row[3]} req/s, p50 ${row[4]} ms, p99 ${row[6]} ms`);
  }
} finally {
  child.kill("SIGTERM");
  if (child.exitCode === null) await once(child, "exit");
}

const header = ["scenario", "SQL/request", "cold ms", "req/s", "p50 ms", "p90 ms", "p99 ms", "errors"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
console.log(`\n${line(header)}\n| ${widths.map((width) => "-".repeat(width)).join(" | ")} |\n${rows.map(line).join("\n")}`);
if (rows.some((row) => row[7] !== "0")) {
  console.log("\nSome requests failed (non-2xx or connection errors): the figures above are not to be trusted.");
  process.exitCode = 1;
}
