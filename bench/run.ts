/**
 * `npm run bench`: issue 9's table, measured on this machine. See bench/README.md for what each figure is and
 * how long a run takes. Flags (all optional):
 *
 *   --scale demo,100k,1m    catalogue sizes (default all three; a size with no database is skipped, said why)
 *   --only load,html,js,lighthouse,api,search   parts to run (default all)
 *   --rounds 3 --duration 10 --warmup 2  load rounds per figure, seconds per load run, warm-up seconds
 *   --lighthouse-runs 3     Lighthouse audits per page (the median is kept)
 *   --skip-build            use the built apps as they are instead of running `npm run build` first
 *   --pg postgres://postgres@127.0.0.1:5432   the PostgreSQL server (or BENCH_PG_URL)
 *   --database 1m=postgres://...              use this database for a scale, as it is
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_RESULT_WINDOW } from "@quire/contracts/constants";
import { startApiCallRecorder } from "./lib/api-call-recorder";
import { snapshotBuild, type BuildSnapshot } from "./lib/build-snapshot";
import { chooseCatalogue, prepareDatabase, SCALES, waitForIdleDatabase, type CatalogueChoice, type Scale } from "./lib/databases";
import { auditPages } from "./lib/lighthouse";
import { median, medianOf, runLoad, timeOneRequest, type LoadResult } from "./lib/load";
import { clientScriptSizes, htmlSizeOf, PAGE_ROUTES, type PageType } from "./lib/page-weight";
import { freePort, startServer, stopAllServers, type Server } from "./lib/processes";
import { startVarnish } from "../scripts/topology/varnish";
import { autocompleteTexts, loadUrls, resultPageWords, type LatencyFigures } from "./lib/search";
import { atLeast, atMost, errorsNote, formatTable, kib, ms, perSecond, ratio, ratioAtLeast, ratioAtMost, type Row } from "./lib/report";

const root = path.resolve(import.meta.dirname, "..");
const PARTS = ["load", "html", "js", "lighthouse", "api", "search"] as const;
type Part = (typeof PARTS)[number];

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "demo,100k,1m" },
    only: { type: "string", default: PARTS.join(",") },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    "lighthouse-runs": { type: "string", default: "3" },
    "cold-timeout": { type: "string", default: "120" },
    "settle-timeout": { type: "string", default: "120" },
    "skip-build": { type: "boolean", default: false },
    pg: { type: "string", default: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432" },
    database: { type: "string", multiple: true, default: [] },
    chrome: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`--${name} takes a whole number from ${min} to ${max}`);
  return number;
}

if (args.help) {
  console.log("npm run bench -- [--scale demo,100k,1m] [--only load,html,js,lighthouse,api,search] [--rounds 3] [--duration 10] ...");
  console.log("See bench/README.md.");
  process.exit(0);
}
const scales: Scale[] = args.scale.split(",").map((name) => {
  const scale = SCALES[name.trim()];
  if (!scale) throw new Error(`--scale takes ${Object.keys(SCALES).join(", ")}, not "${name}"`);
  return scale;
});
const parts = new Set(
  args.only.split(",").map((part) => {
    if (!PARTS.includes(part.trim() as Part)) throw new Error(`--only takes ${PARTS.join(", ")}, not "${part}"`);
    return part.trim() as Part;
  }),
);
const rounds = wholeNumber("rounds", args.rounds, 1, 20);
const duration = wholeNumber("duration", args.duration, 1, 300);
const warmup = wholeNumber("warmup", args.warmup, 0, 60);
const lighthouseRuns = wholeNumber("lighthouse-runs", args["lighthouse-runs"], 1, 10);
const coldTimeoutMs = wholeNumber("cold-timeout", args["cold-timeout"], 1, 600) * 1000;
const settleTimeoutMs = wholeNumber("settle-timeout", args["settle-timeout"], 0, 3600) * 1000;
const givenDatabases = new Map(
  args.database.map((entry) => {
    const [scale, ...url] = entry.split("=");
    if (!scale || !SCALES[scale] || url.length === 0) throw new Error(`--database takes scale=url, e.g. 1m=postgres://..., not "${entry}"`);
    return [scale, url.join("=")];
  }),
);

const logDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-"));
const say = (line: string) => console.log(line);
const API_HEADERS = { "API-Key": "quire-demo-api-key", StoreKey: "quire-demo" };
const CONNECTIONS = [10, 50] as const;
const PAGE_SIZE = 24;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopAllServers();
    process.exit(130);
  });
}

async function run(command: string, commandArgs: string[]) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: "inherit" });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed (exit ${code})`);
}

// ---------------------------------------------------------------- the servers of one scale

interface Stack {
  databaseUrl: string;
  api: Server;
  storefront: Server;
  baseline: Server;
}

async function startApi(databaseUrl: string, scale: string): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: "API",
    args: ["dist/main.js"],
    cwd: build.apiDir,
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      AUTH_TOKEN_SECRET: randomBytes(32).toString("hex"),
      ADMIN_API_KEYS: randomBytes(16).toString("hex"),
      // The benchmark measures requests; mail and housekeeping jobs would only add noise.
      JOBS_WORKER: "off",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1,::1",
    },
    port,
    logFile: path.join(logDir, `api-${scale}.log`),
    // Ready as a load balancer sees it: the databases answer and large stores' catalogue indexes are built
    // (decision 028; about 2 minutes at a million products).
    readyPath: "/health/ready",
    timeoutMs: 600_000,
  });
}

/**
 * A storefront. `pageCache` "off" renders every page (the rendered rows: the load tool sends no cookie, and a page
 * cache would answer it as the anonymous shopper it is); "memory" keeps public pages (the cached rows, decision 064).
 */
async function startStorefront(
  apiUrl: string,
  logName: string,
  pageCache: "off" | "memory" | "shared" = "off",
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: "storefront",
    args: ["server.mjs"],
    cwd: build.storefrontDir,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: apiUrl,
      ALLOW_INSECURE_COOKIES: "1",
      PAGE_CACHE: pageCache,
      ...extraEnv,
    },
    port,
    logFile: path.join(logDir, `${logName}.log`),
    readyPath: "/robots.txt",
  });
}

async function startBaseline(apiUrl: string, logName: string): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: "baseline",
    args: ["--import", "tsx", "baseline/server.ts"],
    cwd: path.join(root, "bench"),
    env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), API_URL: apiUrl },
    port,
    logFile: path.join(logDir, `${logName}.log`),
    readyPath: "/",
  });
}

// ---------------------------------------------------------------- what is asked at a scale

function pagePaths(choice: CatalogueChoice) {
  const product = encodeURIComponent(choice.productSlug);
  const category = encodeURIComponent(choice.category.slug);
  return {
    product: { storefront: `/store/product/${product}`, bare: `/product/${product}`, bareSameCalls: `/same-calls/product/${product}` },
    category: { storefront: `/store/${category}`, bare: `/category/${category}`, bareSameCalls: `/same-calls/category/${category}` },
  };
}

function selection(choice: CatalogueChoice, filterIndex: number): string {
  const filter = choice.filters[filterIndex % choice.filters.length]!;
  return `CategoryId=${choice.category.id}&Filters[0][Code]=${encodeURIComponent(filter.code)}&Filters[0][Values][0]=${encodeURIComponent(filter.value)}`;
}

// ---------------------------------------------------------------- one scale

/** After a load run: waits for the queries it left running in PostgreSQL, saying so when that takes long. */
async function settle(databaseUrl: string, tag: string) {
  const { waitedMs, idle } = await waitForIdleDatabase(databaseUrl, settleTimeoutMs);
  if (!idle) say(`${tag} PostgreSQL still busy after ${Math.round(waitedMs / 1000)} s: the next figure is measured under that load`);
  else if (waitedMs > 2000) say(`${tag} waited ${Math.round(waitedMs / 1000)} s for PostgreSQL to finish the last run's queries`);
}

interface ScaleFigures {
  rows: Row[];
  /** The storefront's category page p50 at 10 connections, for the large-shop ÷ demo-shop ratio. */
  categoryP50?: number;
  categoryErrors?: number;
  /** Autocomplete p95 at 10 clients, for the 1M ÷ 100k ratio. */
  autocompleteP95?: number;
  /** The storefront's search results page p50 at 10 connections, beside the category page's. */
  searchPageP50?: number;
}

async function measureScale(scale: Scale, isFirst: boolean): Promise<ScaleFigures> {
  const rows: Row[] = [];
  const tag = `[${scale.name}]`;
  const database = await prepareDatabase(scale, {
    serverUrl: args.pg,
    root: build.root,
    logFile: path.join(logDir, `database-${scale.name}.log`),
    given: givenDatabases.get(scale.name),
    say,
  });
  if ("skipped" in database) {
    say(`${tag} skipped: ${database.skipped}`);
    return { rows: [{ what: `${tag} everything`, figure: "not measured", goal: "", verdict: database.skipped.split(";")[0]! }] };
  }
  const choice = await chooseCatalogue(database.url);
  say(
    `${tag} ${database.products.toLocaleString("en-GB")} products; category "${choice.category.slug}" ` +
      `(${choice.category.products.toLocaleString("en-GB")}), filters ${choice.filters.map((filter) => `${filter.code}=${filter.value}`).join(", ")}, ` +
      `product "${choice.productSlug}"`,
  );

  const api = await startApi(database.url, scale.name);
  const servers: Server[] = [api];
  const figures: ScaleFigures = { rows };
  /** Runs one part; a part that fails becomes a row saying so, and the others still run. */
  const measure = async (name: string, part: () => Promise<Row[]>) => {
    try {
      rows.push(...(await part()));
    } catch (error) {
      say(`${tag} ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      rows.push({
        what: `${tag} ${name}`,
        figure: "not measured",
        goal: "",
        verdict: `failed: ${String((error as Error).message).slice(0, 60)}`,
      });
    }
  };
  try {
    // Cold first: nothing has asked the API for these selections since it started.
    if (parts.has("api")) await measure("API, cold", () => measureColdApi(api, database.url, choice, tag));

    const storefront = await startStorefront(api.url, `storefront-${scale.name}`);
    servers.push(storefront);
    const baseline = await startBaseline(api.url, `baseline-${scale.name}`);
    servers.push(baseline);
    const stack: Stack = { databaseUrl: database.url, api, storefront, baseline };
    const paths = pagePaths(choice);
    if (parts.has("load") || parts.has("html")) await measure("API calls per page", () => recordApiCalls(api, paths, tag));
    if (parts.has("html")) await measure("HTML per product page", () => measureHtml(stack, paths.product, tag));
    if (parts.has("load")) {
      await measure("load", async () => {
        const load = await measureLoad(stack, paths, tag);
        figures.categoryP50 = load.categoryP50;
        figures.categoryErrors = load.categoryErrors;
        return load.rows;
      });
    }
    if (parts.has("load")) {
      const cached = await startStorefront(api.url, `storefront-cached-${scale.name}`, "memory");
      servers.push(cached);
      await measure("load, from the page cache", () => measureCachedLoad(stack, cached, "the page cache", paths, tag));
      await measure("load, through Varnish", async () => {
        // Varnish (deploy/varnish/quire.vcl) in front of a storefront that keeps nothing itself and purges Varnish.
        const varnishPort = await freePort();
        const behind = await startStorefront(api.url, `storefront-shared-${scale.name}`, "shared", {
          PAGE_CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
        });
        servers.push(behind);
        const varnish = await startVarnish({ port: varnishPort, backend: behind.url });
        try {
          return await measureCachedLoad(stack, { name: "varnish", url: varnish.url, pid: varnish.pid }, "Varnish", paths, tag);
        } finally {
          await varnish.stop();
        }
      });
    }
    if (parts.has("api")) await measure("API, under load", () => measureWarmApi(api, database.url, choice, tag));
    if (parts.has("search")) {
      await measure("search", async () => {
        const search = await measureSearch(stack, tag);
        figures.autocompleteP95 = search.autocompleteP95;
        figures.searchPageP50 = search.searchPageP50;
        return search.rows;
      });
    }
    if (parts.has("lighthouse") && isFirst) await measure("Lighthouse", () => measureLighthouse(stack.storefront, paths, tag));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  return figures;
}

/** Which API calls a page makes, storefront and bare (same calls), each on its second request (start-up data cached). */
async function recordApiCalls(api: Server, paths: ReturnType<typeof pagePaths>, tag: string): Promise<Row[]> {
  const recorder = await startApiCallRecorder(api.url);
  const storefront = await startStorefront(recorder.url, "storefront-recorded");
  const baseline = await startBaseline(recorder.url, "baseline-recorded");
  const rows: Row[] = [];
  try {
    for (const page of ["product", "category"] as const) {
      const count = async (url: string) => {
        await (await fetch(url)).arrayBuffer();
        const calls = await recorder.record(async () => void (await (await fetch(url)).arrayBuffer()));
        return calls;
      };
      const fromStorefront = await count(`${storefront.url}${paths[page].storefront}`);
      const fromBaseline = await count(`${baseline.url}${paths[page].bareSameCalls}`);
      say(`${tag} API calls of a ${page} page: storefront ${fromStorefront.join(", ")}; bare (same calls) ${fromBaseline.join(", ")}`);
      rows.push({
        what: `${tag} API calls per ${page} page`,
        figure: `storefront ${fromStorefront.length}, bare same-calls ${fromBaseline.length}`,
        goal: "",
        verdict: fromStorefront.length === fromBaseline.length ? "" : "bare differs: update bench/baseline",
      });
    }
  } finally {
    await Promise.all([storefront.stop(), baseline.stop()]);
    await recorder.close();
  }
  return rows;
}

async function measureHtml(stack: Stack, product: { storefront: string; bare: string }, tag: string): Promise<Row[]> {
  const storefront = await htmlSizeOf(`${stack.storefront.url}${product.storefront}`);
  const bare = await htmlSizeOf(`${stack.baseline.url}${product.bare}`);
  return [
    {
      what: `${tag} HTML per product page, raw`,
      figure: `${kib(storefront.raw)} (bare ${kib(bare.raw)})`,
      goal: "≤ 40 KB",
      verdict: atMost(storefront.raw / 1024, 40),
    },
    {
      what: `${tag} HTML per product page, compressed`,
      figure: `${kib(storefront.gzip)} gzip${storefront.brotli === null ? "" : `, ${kib(storefront.brotli)} br`} (bare ${kib(bare.gzip)} gzip)`,
      goal: "≤ 10 KB gzip",
      verdict: atMost(storefront.gzip / 1024, 10),
    },
  ];
}

type Target = "storefront" | "bare" | "bareSameCalls";
const TARGETS: Target[] = ["storefront", "bare", "bareSameCalls"];

/**
 * Storefront and bare baseline under the same load, alternating (storefront, bare, bare with the same calls,
 * storefront...) so that a slow spell of this machine falls on both; the medians of `rounds` rounds.
 */
async function measureLoad(stack: Stack, paths: ReturnType<typeof pagePaths>, tag: string) {
  const server = (target: Target) => (target === "storefront" ? stack.storefront : stack.baseline);
  const results = new Map<string, LoadResult[]>();
  const key = (page: string, connections: number, target: Target) => `${page}/${connections}/${target}`;
  if (warmup > 0) {
    say(`${tag} warming up (${warmup} s per page and server)`);
    for (const page of ["product", "category"] as const) {
      for (const target of TARGETS) {
        await runLoad({ url: `${server(target).url}${paths[page][target]}`, connections: 10, durationSeconds: warmup });
        await settle(stack.databaseUrl, tag);
      }
    }
  }
  for (let round = 1; round <= rounds; round++) {
    for (const page of ["product", "category"] as const) {
      for (const connections of CONNECTIONS) {
        for (const target of TARGETS) {
          const result = await runLoad({
            url: `${server(target).url}${paths[page][target]}`,
            connections,
            durationSeconds: duration,
            pid: server(target).pid,
          });
          results.set(key(page, connections, target), [...(results.get(key(page, connections, target)) ?? []), result]);
          await settle(stack.databaseUrl, tag);
          say(
            `${tag} round ${round}/${rounds} ${page} ${connections} conn ${target}: ${perSecond(result.requestsPerSecond)}, ` +
              `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, CPU ${ms(result.cpuMsPerRequest ?? Number.NaN)}/page${errorsNote(result)}`,
          );
        }
      }
    }
  }
  const figure = (page: string, connections: number, target: Target) => medianOf(results.get(key(page, connections, target))!);
  const rows: Row[] = [];
  for (const page of ["product", "category"] as const) {
    const [sf, bare, same] = TARGETS.map((target) => figure(page, 10, target)) as [LoadResult, LoadResult, LoadResult];
    const throughput = `${perSecond(sf.requestsPerSecond)} vs bare ${perSecond(bare.requestsPerSecond)} / same calls ${perSecond(same.requestsPerSecond)}`;
    if (page === "product") {
      rows.push(
        {
          what: `${tag} product page, 10 conn, vs bare one call`,
          figure: throughput,
          goal: "≥ 0.25x",
          verdict: ratioAtLeast(sf.requestsPerSecond / bare.requestsPerSecond, 0.25),
        },
        {
          what: `${tag} product page, 10 conn, vs bare same calls`,
          figure: "(as above)",
          goal: "≥ 0.6x",
          verdict: ratioAtLeast(sf.requestsPerSecond / same.requestsPerSecond, 0.6),
        },
        {
          what: `${tag} storefront CPU per product page`,
          figure: `${ms(sf.cpuMsPerRequest ?? Number.NaN)} (bare ${ms(bare.cpuMsPerRequest ?? Number.NaN)} / ${ms(same.cpuMsPerRequest ?? Number.NaN)})`,
          goal: "≤ 4 ms",
          verdict: atMost(sf.cpuMsPerRequest ?? Number.NaN, 4),
        },
      );
    } else {
      rows.push(
        {
          what: `${tag} category page, 10 conn, vs bare one call`,
          figure: throughput,
          goal: "",
          verdict: ratio(sf.requestsPerSecond / bare.requestsPerSecond),
        },
        {
          what: `${tag} category page, 10 conn, vs bare same calls`,
          figure: "(as above)",
          goal: "",
          verdict: ratio(sf.requestsPerSecond / same.requestsPerSecond),
        },
        {
          what: `${tag} storefront CPU per category page`,
          figure: `${ms(sf.cpuMsPerRequest ?? Number.NaN)} (bare ${ms(bare.cpuMsPerRequest ?? Number.NaN)} / ${ms(same.cpuMsPerRequest ?? Number.NaN)})`,
          goal: "",
          verdict: "",
        },
      );
    }
    for (const connections of CONNECTIONS) {
      const result = figure(page, connections, "storefront");
      const bareResult = figure(page, connections, "bare");
      const goalMs = connections === 10 ? 50 : 250;
      rows.push({
        what: `${tag} ${page} page p99, ${connections} conn`,
        figure: `${ms(result.p99)} (p50 ${ms(result.p50)}; bare p99 ${ms(bareResult.p99)})${errorsNote(result)}`,
        goal: page === "product" ? `≤ ${goalMs} ms, 0 errors` : "",
        verdict: page === "product" ? atMost(result.p99, goalMs, result.errors > 0) : result.errors ? "errors" : "",
      });
    }
  }
  const category = figure("category", 10, "storefront");
  return { rows, categoryP50: category.p50, categoryErrors: category.errors };
}

/**
 * The anonymous product page answered from the storefront's page cache (decision 064) against the bare node:http page,
 * alternating as measureLoad does: the page is asked for until it is answered from memory, then loaded at 10 and 50
 * connections.
 */
async function measureCachedLoad(
  stack: Stack,
  front: { name: string; url: string; pid: number | undefined },
  label: string,
  paths: ReturnType<typeof pagePaths>,
  tag: string,
): Promise<Row[]> {
  const url = `${front.url}${paths.product.storefront}`;
  // Kept once the storefront hears the API's changes and has rendered the page once.
  const deadline = Date.now() + 30_000;
  while ((await fetch(url)).headers.get("x-cache") !== "HIT") {
    if (Date.now() > deadline) throw new Error(`the product page was never answered from ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const results = new Map<string, LoadResult[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const connections of CONNECTIONS) {
      for (const target of ["cached", "bare"] as const) {
        const result = await runLoad({
          url: target === "cached" ? url : `${stack.baseline.url}${paths.product.bare}`,
          connections,
          durationSeconds: duration,
          pid: target === "cached" ? front.pid : stack.baseline.pid,
        });
        const key = `${connections}/${target}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        await settle(stack.databaseUrl, tag);
        say(
          `${tag} round ${round}/${rounds} product from ${label} ${connections} conn ${target}: ${perSecond(result.requestsPerSecond)}, ` +
            `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, CPU ${ms(result.cpuMsPerRequest ?? Number.NaN)}/page${errorsNote(result)}`,
        );
      }
    }
  }
  const figure = (connections: number, target: "cached" | "bare") => medianOf(results.get(`${connections}/${target}`)!);
  const rows: Row[] = [];
  const [cached, bare] = [figure(10, "cached"), figure(10, "bare")];
  rows.push({
    what: `${tag} product page from ${label}, 10 conn, vs bare one call`,
    figure: `${perSecond(cached.requestsPerSecond)} vs bare ${perSecond(bare.requestsPerSecond)}`,
    goal: "≥ 2x",
    verdict: ratioAtLeast(cached.requestsPerSecond / bare.requestsPerSecond, 2),
  });
  // Varnish's own process is not the one that answers (its cache child is): its CPU is not read.
  if (front.name !== "varnish") {
    rows.push({
      what: `${tag} storefront CPU per product page from ${label}`,
      figure: `${ms(cached.cpuMsPerRequest ?? Number.NaN)} (bare ${ms(bare.cpuMsPerRequest ?? Number.NaN)})`,
      goal: "",
      verdict: "",
    });
  }
  const busy = figure(50, "cached");
  rows.push({
    what: `${tag} product page from ${label} p99, 50 conn`,
    figure: `${ms(busy.p99)} (p50 ${ms(busy.p50)}; bare p99 ${ms(figure(50, "bare").p99)})${errorsNote(busy)}`,
    goal: "≤ 50 ms, 0 errors",
    verdict: atMost(busy.p99, 50, busy.errors > 0),
  });
  return rows;
}

/** The API's catalogue scenarios on selections no one has asked for since the API started. */
async function measureColdApi(api: Server, databaseUrl: string, choice: CatalogueChoice, tag: string): Promise<Row[]> {
  const cold = async (paths: string[]) => {
    const timings = [];
    for (const requestPath of paths) {
      timings.push(await timeOneRequest(`${api.url}${requestPath}`, API_HEADERS, coldTimeoutMs));
      await settle(databaseUrl, tag);
    }
    const failed = timings.filter((timing) => timing.status !== 200);
    return {
      ms: median(timings.map((timing) => timing.ms)),
      note: failed.length ? `, ${failed.length} of ${timings.length} failed (${failed.map((timing) => timing.status).join(", ")})` : "",
      failed: failed.length > 0,
      count: timings.length,
    };
  };
  // Three selections for each, each asked once: the facets on the three most common filter values, the
  // price-sorted list on the next three (their totals are not yet counted by the facets' requests).
  const facets = await cold([0, 1, 2].map((index) => `/product-filters?${selection(choice, index)}`));
  const list = await cold([3, 4, 5].map((index) => `/products?${selection(choice, index)}&Sort=price-asc`));
  say(`${tag} cold: facets ${ms(facets.ms)}${facets.note}; price-sorted list ${ms(list.ms)}${list.note}`);
  return [
    {
      what: `${tag} facets of a filtered category, cold`,
      figure: `${ms(facets.ms)} (median of ${facets.count} selections)${facets.note}`,
      goal: "≤ 100 ms",
      verdict: atMost(facets.ms, 100, facets.failed),
    },
    {
      what: `${tag} filtered, price-sorted list, cold`,
      figure: `${ms(list.ms)} (median of ${list.count} selections)${list.note}`,
      goal: "",
      verdict: "",
    },
  ];
}

/** The API's catalogue scenarios under load, warm: facets and the price-sorted list at 50 connections, deep paging. */
async function measureWarmApi(api: Server, databaseUrl: string, choice: CatalogueChoice, tag: string): Promise<Row[]> {
  const first = await fetch(`${api.url}/products?CategoryId=${choice.category.id}&PageSize=${PAGE_SIZE}`, { headers: API_HEADERS });
  const { totalPages } = ((await first.json()) as { data: { totalPages: number } }).data;
  const deepest = Math.max(1, Math.min(totalPages, Math.floor(MAX_RESULT_WINDOW / PAGE_SIZE) + 1));
  const scenarios = {
    facets: { path: `/product-filters?${selection(choice, 0)}`, connections: 50 },
    list: { path: `/products?${selection(choice, 0)}&Sort=price-asc`, connections: 50 },
    page1: { path: `/products?CategoryId=${choice.category.id}&PageSize=${PAGE_SIZE}`, connections: 10 },
    deepest: { path: `/products?CategoryId=${choice.category.id}&PageSize=${PAGE_SIZE}&PageNumber=${deepest}`, connections: 10 },
  };
  const results: Record<keyof typeof scenarios, LoadResult[]> = { facets: [], list: [], page1: [], deepest: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, scenario] of Object.entries(scenarios) as [keyof typeof scenarios, (typeof scenarios)["facets"]][]) {
      const result = await runLoad({
        url: `${api.url}${scenario.path}`,
        connections: scenario.connections,
        durationSeconds: duration,
        headers: API_HEADERS,
      });
      results[name].push(result);
      await settle(databaseUrl, tag);
      say(
        `${tag} round ${round}/${rounds} API ${name} ${scenario.connections} conn: ${perSecond(result.requestsPerSecond)}, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}${errorsNote(result)}`,
      );
    }
  }
  const facets = medianOf(results.facets);
  const list = medianOf(results.list);
  const page1 = medianOf(results.page1);
  const deep = medianOf(results.deepest);
  return [
    {
      what: `${tag} facets of a filtered category, p99 50 conn`,
      figure: `${ms(facets.p99)} (${perSecond(facets.requestsPerSecond)})${errorsNote(facets)}`,
      goal: "≤ 100 ms",
      verdict: atMost(facets.p99, 100, facets.errors > 0),
    },
    {
      what: `${tag} filtered, price-sorted list, p99 50 conn`,
      figure: `${ms(list.p99)} (${perSecond(list.requestsPerSecond)})${errorsNote(list)}`,
      goal: "≤ 100 ms",
      verdict: atMost(list.p99, 100, list.errors > 0),
    },
    {
      what: `${tag} deepest allowed page (${deepest}) vs page 1, p50`,
      figure: `${ms(deep.p50)} vs ${ms(page1.p50)}${errorsNote({ errors: deep.errors + page1.errors, requests: Math.min(deep.requests, page1.requests) })}`,
      goal: "≤ 1.2x",
      verdict: ratioAtMost(deep.p50 / page1.p50, 1.2),
    },
  ];
}

const latencyFigure = (result: LatencyFigures) =>
  `p95 ${ms(result.p95)} (p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; ${perSecond(result.requestsPerSecond)})${errorsNote(result)}`;

/**
 * Issue 11: the API's autocomplete as shoppers type (one client: each keystroke's wait; ten: a busy shop) and
 * the storefront's search results page at 10 connections, whose p50 is set beside the category page's.
 */
async function measureSearch(stack: Stack, tag: string) {
  const texts = await autocompleteTexts(stack.databaseUrl);
  const autocompleteUrls = texts.map((text) => `${stack.api.url}/products/search/autocomplete?SearchText=${encodeURIComponent(text)}`);
  const words = resultPageWords(texts);
  const pageUrls = words.map((word) => `${stack.storefront.url}/search?q=${encodeURIComponent(word)}`);
  say(
    `${tag} search: ${texts.length} autocomplete texts (e.g. ${texts
      .slice(0, 4)
      .map((text) => `"${text}"`)
      .join(", ")}), ${words.length} result-page words`,
  );
  const load = (connections: number, headers?: Record<string, string>) => ({ connections, durationSeconds: duration, headers });
  const results: Record<"one" | "ten" | "page", LatencyFigures[]> = { one: [], ten: [], page: [] };
  for (let round = 1; round <= rounds; round++) {
    results.one.push(await loadUrls(autocompleteUrls, load(1, API_HEADERS)));
    results.ten.push(await loadUrls(autocompleteUrls, load(10, API_HEADERS)));
    await settle(stack.databaseUrl, tag);
    results.page.push(await loadUrls(pageUrls, load(10)));
    await settle(stack.databaseUrl, tag);
    say(
      `${tag} round ${round}/${rounds} search: autocomplete 1 client ${latencyFigure(results.one.at(-1)!)}; 10 clients ${latencyFigure(results.ten.at(-1)!)}; ` +
        `results page 10 conn ${latencyFigure(results.page.at(-1)!)}`,
    );
  }
  const medianFigures = (list: LatencyFigures[]): LatencyFigures => ({
    p50: median(list.map((result) => result.p50)),
    p95: median(list.map((result) => result.p95)),
    p99: median(list.map((result) => result.p99)),
    requestsPerSecond: median(list.map((result) => result.requestsPerSecond)),
    requests: median(list.map((result) => result.requests)),
    errors: list.reduce((total, result) => total + result.errors, 0),
  });
  const one = medianFigures(results.one);
  const ten = medianFigures(results.ten);
  const page = medianFigures(results.page);
  const judged = tag === "[100k]";
  const autocompleteRow = (what: string, result: LatencyFigures): Row => ({
    what: `${tag} autocomplete, ${what}`,
    figure: latencyFigure(result),
    goal: judged ? "p95 ≤ 20 ms" : "",
    verdict: judged ? atMost(result.p95, 20, result.errors > 0) : result.errors ? "errors" : "",
  });
  const rows: Row[] = [
    autocompleteRow("1 client (each keystroke's wait)", one),
    autocompleteRow("10 clients", ten),
    { what: `${tag} search results page, 10 conn`, figure: latencyFigure(page), goal: "", verdict: page.errors ? "errors" : "" },
  ];
  return { rows, autocompleteP95: ten.p95, searchPageP50: page.p50 };
}

async function measureLighthouse(storefront: Server, paths: ReturnType<typeof pagePaths>, tag: string): Promise<Row[]> {
  say(`${tag} Lighthouse, mobile, ${lighthouseRuns} runs per page`);
  const figures = await auditPages(
    {
      home: `${storefront.url}/`,
      category: `${storefront.url}${paths.category.storefront}`,
      product: `${storefront.url}${paths.product.storefront}`,
    },
    { chromePath: args.chrome, runs: lighthouseRuns, say },
  );
  return Object.entries(figures).flatMap(([page, figure]): Row[] => {
    if ("error" in figure) {
      return [
        {
          what: `${tag} Lighthouse mobile, ${page}`,
          figure: "not measured",
          goal: "≥ 95, CLS ≤ 0.02",
          verdict: figure.error.split(":")[0]!,
        },
      ];
    }
    const runs = figure.runs < lighthouseRuns ? `, ${figure.runs} of ${lighthouseRuns} runs` : "";
    return [
      {
        what: `${tag} Lighthouse mobile, ${page}`,
        figure: `${figure.score} (LCP ${(figure.lcpMs / 1000).toFixed(1)} s${runs})`,
        goal: "≥ 95",
        verdict: atLeast(figure.score, 95),
      },
      { what: `${tag} CLS, ${page}`, figure: figure.cls.toFixed(3), goal: "≤ 0.02", verdict: atMost(figure.cls, 0.02) },
    ];
  });
}

function measureScripts(): Row[] {
  const sizes = clientScriptSizes(build.storefrontDir);
  return (Object.keys(PAGE_ROUTES) as PageType[]).map((page) => {
    const goal = page === "cart" || page === "checkout" ? 145 : 125;
    return {
      what: `JavaScript (gzip), ${page}`,
      figure: kib(sizes[page]),
      goal: `≤ ${goal} KB`,
      verdict: atMost(sizes[page] / 1024, goal),
    };
  });
}

// ---------------------------------------------------------------- the run

const started = Date.now();
/** The built apps this run serves, copied once so that a rebuild during the run changes nothing. */
let build: BuildSnapshot;
try {
  if (!args["skip-build"]) {
    say("building the apps (npm run build; --skip-build to use the build as it is)");
    await run("npm", ["run", "build"]);
  }
  build = snapshotBuild(root, path.join(logDir, "build"));
  say(`logs of the servers: ${logDir}`);
  const rows: Row[] = [];
  if (parts.has("js")) rows.push(...measureScripts());
  const byScale = new Map<string, ScaleFigures>();
  const perScale = ["load", "html", "lighthouse", "api", "search"].some((part) => parts.has(part as Part));
  for (const [index, scale] of perScale ? scales.entries() : []) {
    const figures = await measureScale(scale, index === 0);
    byScale.set(scale.name, figures);
    rows.push(...figures.rows);
  }
  const demo = byScale.get("demo");
  for (const [name, figures] of byScale) {
    if (name === "demo" || figures.categoryP50 === undefined || demo?.categoryP50 === undefined) continue;
    rows.push({
      what: `[${name}] storefront category page p50 vs demo shop`,
      figure: `${ms(figures.categoryP50)} vs ${ms(demo.categoryP50)}${errorsNote({ errors: figures.categoryErrors ?? 0 })}`,
      goal: "≤ 1.5x",
      verdict: ratioAtMost(figures.categoryP50 / demo.categoryP50, 1.5),
    });
  }
  const autocomplete100k = byScale.get("100k")?.autocompleteP95;
  const autocomplete1m = byScale.get("1m")?.autocompleteP95;
  if (autocomplete100k !== undefined && autocomplete1m !== undefined) {
    rows.push({
      what: "[1m] autocomplete p95, 10 clients, vs 100k",
      figure: `${ms(autocomplete1m)} vs ${ms(autocomplete100k)}`,
      goal: "≤ 2x",
      verdict: ratioAtMost(autocomplete1m / autocomplete100k, 2),
    });
  }
  for (const [name, figures] of byScale) {
    if (figures.searchPageP50 === undefined || figures.categoryP50 === undefined) continue;
    rows.push({
      what: `[${name}] search results page p50 vs category page p50, 10 conn`,
      figure: `${ms(figures.searchPageP50)} vs ${ms(figures.categoryP50)}`,
      goal: "≤ 1.0x",
      verdict: ratioAtMost(figures.searchPageP50 / figures.categoryP50, 1),
    });
  }
  console.log(`\n${formatTable(rows)}\n`);
  const loadNote = parts.has("load") || parts.has("api") ? `${rounds} round(s) of ${duration} s per load figure, medians; ` : "";
  say(
    `${loadNote}${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end; ` +
      `${Math.round((Date.now() - started) / 1000)} s in all.`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAllServers();
  rmSync(path.join(logDir, "build"), { recursive: true, force: true });
}
