import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  startPostgresCluster,
  startReplica,
  type PostgresCluster,
  type PostgresReplica,
} from "../../apps/api/src/testing/postgres-cluster";
import { startSmtpCapture, type SmtpCapture } from "../../apps/api/src/testing/smtp-capture";
import {
  assertBuilt,
  DEMO_API_KEY,
  DEMO_STORE_KEY,
  freePort,
  migrateAndSeed,
  root,
  stopProcess,
  untilPrinted,
  type E2eDatabase,
} from "../../apps/storefront/tests/e2e/stack";
import { planPaymentSandbox } from "../payment-sandbox.mjs";
import { startHaproxy, type Balancer } from "./haproxy";

/**
 * Quire as an operator runs it (docs/operations.md): HAProxy in front of two storefronts and two APIs, one
 * jobs worker, a PostgreSQL primary and a streaming replica the APIs read the catalogue from, and the payment
 * sandbox standing in for the gateways. Every process is the built app, on free ports, each of which the test
 * may kill and start again.
 */
export interface Topology {
  /** Where shoppers go: HAProxy's storefront frontend. */
  storefrontUrl: string;
  /** HAProxy's API frontend, which the storefronts and the gateway's webhooks call. */
  apiUrl: string;
  balancer: Balancer;
  primary: PostgresCluster;
  replica: PostgresReplica;
  /** The shop's database on the primary (where every write goes), and the same database on the replica. */
  databaseUrl: string;
  replicaDatabaseUrl: string;
  apis: Service[];
  storefronts: Service[];
  worker: Service;
  paymentSandbox: Service;
  /** Where the worker delivers the shop's mail. */
  mailbox: SmtpCapture;
  /** Runs one SQL query on the primary's shop database. */
  query<T extends pg.QueryResultRow>(statement: string, params?: unknown[]): Promise<T[]>;
  /** Runs one SQL query on the replica's copy of it. */
  queryReplica<T extends pg.QueryResultRow>(statement: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** One process of the topology, started again on the same port and environment after it is killed. */
export interface Service {
  /** Its server name in HAProxy (web-1, api-2...) or its role. */
  name: string;
  port: number;
  /** Starts it and resolves once it says it is listening (or, for the worker, taking jobs). */
  start(): Promise<void>;
  /** SIGKILL, as the kernel's OOM killer or a lost machine stops a process: no shutdown of its own. */
  kill(): Promise<void>;
  /** SIGTERM, as at the end of the test. */
  stop(): Promise<void>;
}

const apiDist = path.join(root, "apps", "api", "dist");
const storefrontDir = path.join(root, "apps", "storefront");
const sandboxDir = path.join(root, "apps", "payment-sandbox");

/** A log file of its own for each process, under test-results/, emptied at the start of a run. */
function newLogFile(name: string): string {
  const logDir = path.join(root, "test-results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `topology-${name}.log`);
  closeSync(openSync(logFile, "w"));
  return logFile;
}

/**
 * The shell's environment without anything that configures Quire: each process gets only what this file
 * gives it, never the developer's own database, mail or gateway keys.
 */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const quireSettings =
    /^(DATABASE_|SMTP_|MAIL_|API_|JOB|PORT$|HOST$|STORE_KEY$|STRIPE_|PAYPAL_|ADYEN_|MOLLIE_|PAYMENT_|STOREFRONT_|CACHE_TTL|CATALOG_|LOG_LEVEL$|NODE_ENV$|TRUST_PROXY$|METRICS_TOKEN$|AUTH_TOKEN_SECRET$|ADMIN_API_KEYS$|DATA_DIR$)/;
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !quireSettings.test(name)));
}

/** A built Node entry point run as a Service: `ready` is the line it prints once it serves. */
function nodeService(options: { name: string; port: number; entry: string; cwd: string; env: NodeJS.ProcessEnv; ready: RegExp }): Service {
  const logFile = newLogFile(options.name);
  let child: ChildProcess | undefined;
  return {
    name: options.name,
    port: options.port,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error(`${options.name} is already running`);
      child = spawn(process.execPath, [options.entry], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
      await untilPrinted(child, options.ready, logFile, 60_000);
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) throw new Error(`${options.name} is not running`);
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      running.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child) await stopProcess(child);
    },
  };
}

async function queryOnce<T extends pg.QueryResultRow>(url: string, statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Starts the whole topology; stops what it started if any part fails. The order follows the dependencies:
 * the databases (the replica copied from the primary before the shop exists, so the migrations and the seed
 * reach it by streaming), HAProxy with every server still down, then the payment sandbox, the APIs and the
 * worker, and the storefronts last (a storefront is ready when an API is, through HAProxy).
 */
export async function startTopology(): Promise<Topology> {
  assertBuilt();
  for (const file of [path.join(apiDist, "worker.js"), path.join(sandboxDir, "dist", "main.js")]) {
    if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run \`npm run test:topology\`, which builds first.`);
  }
  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => errors.push(error));
    stoppers.length = 0;
    if (errors.length > 0) throw new AggregateError(errors, "Stopping the topology failed");
  };

  try {
    const primary = await startPostgresCluster();
    stoppers.push(() => primary.destroy());
    const replica = await startReplica(primary);
    stoppers.push(() => replica.destroy());

    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query("create database quire").finally(() => admin.end());
    const databaseUrl = primary.url("quire");
    const replicaDatabaseUrl = replica.url("quire");
    const base = cleanEnvironment();
    const shopDatabase: E2eDatabase = {
      kind: "postgres",
      source: "quire",
      env: { DATABASE_URL: databaseUrl },
      execute: async (statement, params) => void (await queryOnce(databaseUrl, statement, params)),
      // The cluster goes with the topology.
      drop: async () => {},
    };
    await migrateAndSeed(shopDatabase, "topology-setup");
    // The APIs read the catalogue from the replica: it must hold the seeded shop before they serve it.
    await replica.caughtUp();

    const mailbox = await startSmtpCapture();
    stoppers.push(() => mailbox.close());

    const [storefrontPort, apiPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
    const apiPorts = [await freePort(), await freePort()];
    const storefrontPorts = [await freePort(), await freePort()];
    const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // The gateways' keys of the sandbox, and its webhooks sent through the balancer, as a real gateway's are.
    const sandbox = planPaymentSandbox(
      { PAYMENT_SANDBOX_PORT: String(sandboxPort) },
      { keysFile: path.join(sandboxDir, "sandbox-keys.json"), apiUrl },
    );
    if (!sandbox) throw new Error("The payment sandbox plan is empty");

    const balancer = await startHaproxy(
      {
        storefrontPort,
        apiPort,
        storefronts: storefrontPorts.map((port, index) => ({ name: `web-${index + 1}`, port })),
        apis: apiPorts.map((port, index) => ({ name: `api-${index + 1}`, port })),
      },
      newLogFile("haproxy"),
    );
    stoppers.push(() => balancer.stop());
    // Nothing listens yet: once HAProxy has said so of every server, each one's UP line below is news.
    await Promise.all([
      ...storefrontPorts.map((_, index) => balancer.waitForServer("storefronts", `web-${index + 1}`, "DOWN")),
      ...apiPorts.map((_, index) => balancer.waitForServer("apis", `api-${index + 1}`, "DOWN")),
    ]);
    const upFrom = balancer.lines.length;

    // Shared by every process of a kind, as in production: a token signed by one API verifies on the other.
    const sharedSecrets = { AUTH_TOKEN_SECRET: randomBytes(32).toString("hex") };
    const paymentSandbox = nodeService({
      name: "payment-sandbox",
      port: sandboxPort,
      entry: path.join(sandboxDir, "dist", "main.js"),
      cwd: sandboxDir,
      env: { ...base, ...sandbox.sandboxEnv },
      ready: /^Payment sandbox on /,
    });
    const apiEnv = {
      ...base,
      ...sandbox.apiEnv,
      ...sharedSecrets,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATABASE_READ_URL: replicaDatabaseUrl,
      API_KEYS: DEMO_API_KEY,
      STOREFRONT_URL: storefrontUrl,
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "info",
    };
    const apis = apiPorts.map((port, index) =>
      nodeService({
        name: `api-${index + 1}`,
        port,
        entry: path.join(apiDist, "main.js"),
        cwd: path.join(root, "apps", "api"),
        env: { ...apiEnv, API_HOST: "127.0.0.1", API_PORT: String(port), JOBS_WORKER: "off" },
        ready: /Server listening at http:\/\/127\.0\.0\.1:\d+/,
      }),
    );
    const worker = nodeService({
      name: "worker",
      port: 0,
      entry: path.join(apiDist, "worker.js"),
      cwd: path.join(root, "apps", "api"),
      env: { ...apiEnv, SMTP_URL: mailbox.url },
      ready: /job worker started/,
    });
    const storefronts = storefrontPorts.map((port, index) =>
      nodeService({
        name: `web-${index + 1}`,
        port,
        entry: path.join(storefrontDir, "server.mjs"),
        cwd: storefrontDir,
        env: {
          ...base,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          API_URL: apiUrl,
          API_KEY: DEMO_API_KEY,
          STORE_KEY: DEMO_STORE_KEY,
          STOREFRONT_TRUST_PROXY: "127.0.0.1",
          PAYMENT_PAGE_ORIGINS: sandbox.url,
        },
        ready: /"msg":"storefront listening on /,
      }),
    );
    for (const service of [paymentSandbox, ...apis, worker, ...storefronts]) stoppers.push(() => service.stop());

    await Promise.all([paymentSandbox.start(), worker.start(), ...apis.map((api) => api.start())]);
    await Promise.all(apis.map((api) => balancer.waitForServer("apis", api.name, "UP", upFrom)));
    await Promise.all(storefronts.map((storefront) => storefront.start()));
    await Promise.all(storefronts.map((storefront) => balancer.waitForServer("storefronts", storefront.name, "UP", upFrom)));

    return {
      storefrontUrl,
      apiUrl,
      balancer,
      primary,
      replica,
      databaseUrl,
      replicaDatabaseUrl,
      apis,
      storefronts,
      worker,
      paymentSandbox,
      mailbox,
      query: (statement, params) => queryOnce(databaseUrl, statement, params),
      queryReplica: (statement, params) => queryOnce(replicaDatabaseUrl, statement, params),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
}
