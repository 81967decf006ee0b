import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { inject } from "vitest";
import { dropRunDatabases, dropRunDatabasesLater, type RunDatabases } from "../../../api/src/testing/drop-databases-later";
import { startSmtpCapture, type SmtpCapture } from "../../../api/src/testing/smtp-capture";
import { localMailbox, remoteMailbox, type Mailbox } from "./mailbox";

/**
 * A running Quire for browser tests: a fresh database of its own, migrated and seeded with the demo store,
 * and the built API and storefront on free ports (started through scripts/start.mjs, as `npm start` does).
 */
export interface Stack {
  storefrontUrl: string;
  apiUrl: string;
  /** The back office (apps/admin), when the stack was started with `backOffice: true` (the shared stack is). */
  backOfficeUrl: string | null;
  /** Its database's URL on TEST_DATABASE_URL's server; null on PGlite, which only its own servers may open. */
  databaseUrl: string | null;
  /** Everything the servers printed; read it when a journey fails. */
  logFile: string;
  /** The payment sandbox's address, when the stack was started with `payments: true`. */
  paymentSandboxUrl: string | null;
  /** The mail the API sent, when the stack was started with `mail` (the shared stack always is). */
  mailbox: Mailbox | null;
  /**
   * Runs one of the API's built CLIs (`stock-set.js`, `invite.js`...) against this stack's database, as a
   * merchant would. On PGlite, which one process opens at a time, the servers stop for it and start again.
   */
  runCli(script: string, args: string[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The demo store migrated and seeded once per run (global-setup.ts), which each stack's database is copied
 * from instead of running the migrations and the seed again (decision 021). Plain data, so that the global
 * setup can hand it to the test files with `provide`.
 */
export interface E2eTemplate {
  kind: "postgres" | "pglite";
  /** The template's database name on TEST_DATABASE_URL's server, or its PGlite data directory. */
  source: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared stack (global-setup.ts): its storefront, API, keys. */
    storefrontUrl: string;
    apiUrl: string;
    apiKey: string;
    storeKey: string;
    e2eTemplate: E2eTemplate;
    /** The run's shared stack's database on TEST_DATABASE_URL's server; null on PGlite (see stackWithRows). */
    sharedDatabaseUrl: string | null;
    /** Where the shared stack's mail is read (mailbox.ts: serveMailbox). */
    sharedMailboxUrl: string;
    /** The shared stack's back office. */
    backOfficeUrl: string;
  }
}

/** The e2e database: a new database on TEST_DATABASE_URL's server, or a temporary PGlite directory. */
export interface E2eDatabase {
  kind: "postgres" | "pglite";
  /** What a copy of this database is made from (see E2eTemplate.source). */
  source: string;
  /** Environment the API and its CLIs need to use this database. */
  env: Record<string, string>;
  /**
   * Runs one SQL statement. On PGlite only while no server holds the database (PGlite is single-process),
   * which is why stacks take a `prepare` step between seeding and serving.
   */
  execute(statement: string, params?: unknown[]): Promise<void>;
  /** Drops it; on the server, a copy of a template is dropped only with its template, when the run ends. */
  drop(): Promise<void>;
}

export const root = path.resolve(import.meta.dirname, "..", "..", "..", "..");
const apiDist = path.join(root, "apps", "api", "dist");
const storefrontBuild = path.join(root, "apps", "storefront", "build", "server", "index.js");
const backOfficeBuild = path.join(root, "apps", "admin", "build", "server", "index.js");

/** The demo store the seed creates (apps/api/src/seed). */
export const DEMO_API_KEY = "quire-demo-api-key";
export const DEMO_STORE_KEY = "quire-demo";
/** The merchant's key on the shared stack (ADMIN_API_KEYS), for journeys that act as the shop. */
export const SHARED_ADMIN_KEY = "quire-e2e-shared-admin-key";

export function assertBuilt() {
  const missing = [path.join(apiDist, "main.js"), path.join(apiDist, "seed.js"), storefrontBuild, backOfficeBuild].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    throw new Error(
      `Browser tests drive the built apps, and ${missing.map((file) => path.relative(root, file)).join(", ")} is missing: ` +
        "run `npm run test:e2e`, which builds first.",
    );
  }
}

/** A port nothing listens on right now: the system picks one for port 0. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function adminQuery(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}

/** A new, empty database; or, given a template, a copy of it (PostgreSQL copies it in a second or so). */
export async function createE2eDatabase(template?: E2eTemplate): Promise<E2eDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && template.kind !== (serverUrl ? "postgres" : "pglite")) {
    throw new Error(`A ${template.kind} template cannot be copied to this run's database`);
  }
  if (serverUrl) {
    // A copy is named after its template, so that the template's drop finds it.
    const name = `${template ? `${template.source}_` : "quire_e2e_"}${randomBytes(6).toString("hex")}`;
    // Copying needs no other session on the template: only the migrate and seed CLIs ever open it, and they have exited.
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template.source}"` : ""}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      kind: "postgres",
      source: name,
      env: { DATABASE_URL: url.toString() },
      execute: (statement, params) => adminQuery(url.toString(), statement, params),
      // A copy is left until the run ends, and dropped with its template then: PostgreSQL answers a DROP DATABASE
      // after a checkpoint, which writes every running stack's changed pages to disk (the API tests' databases
      // are kept so too, apps/api/src/testing/test-database-template.ts).
      drop: template ? async () => {} : () => dropRunDatabases(runDatabases(serverUrl, name)),
    };
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "quire-e2e-"));
  // PGlite keeps its database in files: a copy of a closed data directory is a copy of the database.
  if (template) await cp(template.source, dataDir, { recursive: true });
  return {
    kind: "pglite",
    source: dataDir,
    env: { DATA_DIR: dataDir },
    async execute(statement, params) {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const client = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
      try {
        await client.query(statement, params);
      } finally {
        await client.close();
      }
    },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Runs one of the API's built CLIs to completion, its output appended to the log. */
async function runCli(script: string, args: string[], env: NodeJS.ProcessEnv, logFile: string) {
  const log = openSync(logFile, "a");
  try {
    const child = spawn(process.execPath, [path.join(apiDist, script), ...args], { cwd: root, env, stdio: ["ignore", log, log] });
    const code = await new Promise<number | null>((resolve, reject) => child.once("error", reject).once("exit", resolve));
    if (code !== 0) throw new Error(`${script} ${args.join(" ")} failed (exit code ${code}):\n${tail(logFile)}`);
  } finally {
    closeSync(log);
  }
}

function tail(logFile: string, lines = 60): string {
  return readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n");
}

/**
 * Resolves once `child` (spawned with piped output) prints a line `pattern` matches, copying all it prints
 * to `logFile`: the servers announce that they are ready, so nothing polls them. Fails as soon as the child
 * exits first, or after `timeoutMs`.
 */
export function untilPrinted(child: ChildProcess, pattern: RegExp, logFile: string, timeoutMs = 90_000): Promise<void> {
  const log = createWriteStream(logFile, { flags: "a" });
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  // The log keeps reading the output after the line has come, so a chatty child never blocks on a full pipe.
  for (const stream of streams) stream.pipe(log, { end: false });
  child.once("close", () => log.end());
  const readers = streams.map((stream) => createInterface({ input: stream, crlfDelay: Infinity }));
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.off("exit", exited);
      // Only stop listening: closing a reader would pause the stream, and with it the copy to the log.
      for (const reader of readers) reader.removeAllListeners("line");
      if (error) reject(error);
      else resolve();
    };
    const exited = () => finish(new Error(`The servers stopped before printing ${pattern}:\n${tail(logFile)}`));
    const timer = setTimeout(() => finish(new Error(`No line ${pattern} within ${timeoutMs / 1000} s:\n${tail(logFile)}`)), timeoutMs);
    child.once("exit", exited);
    for (const reader of readers) reader.on("line", (line) => pattern.test(line) && finish());
  });
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  // start.mjs gives its children 10 s before killing them; past that, stop waiting.
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

export interface StackOptions {
  /** Names the log file: test-results/e2e-<name>.log. */
  name: string;
  /** Runs after migrate and seed, before any server opens the database (e.g. to set a store policy). */
  prepare?: (database: E2eDatabase) => Promise<void>;
  /** The database to copy; by default the run's template (global-setup.ts). */
  template?: E2eTemplate;
  /**
   * A database made elsewhere (on a PostgreSQL server of the test's own, say), migrated and seeded with
   * `migrateAndSeed`, used as it is instead of a copy of the template. The stack drops it when it stops.
   */
  database?: E2eDatabase;
  /**
   * Starts a real SMTP server (the API's smtp-capture) and points the API's SMTP_URL at it, so a journey can
   * open the links Quire emails; or, given one, uses that capture (its owner closes it). Without it the API
   * prints its mail.
   */
  mail?: boolean | SmtpCapture;
  /**
   * Starts the payment sandbox (as `npm start` does) on a port of its own, with the API's card and PayPal
   * gateways pointed at it. Without it, a stack offers the bank transfer and on account only.
   */
  payments?: boolean;
  /**
   * Starts the back office too, on a port of its own (`npm start` always does). Off by default: only the shared
   * stack's journeys use it, and each other stack would pay for a process it never asks anything.
   */
  backOffice?: boolean;
  /** More environment for the servers (the tag manager's id and script, say). */
  env?: Record<string, string>;
}

/** An empty log file test-results/e2e-<name>.log. */
function newLogFile(name: string): string {
  const logDir = path.join(root, "test-results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `e2e-${name}.log`);
  closeSync(openSync(logFile, "w"));
  return logFile;
}

/** The environment of the API, its CLIs and the storefront, on `database` only. */
function environmentFor(database: E2eDatabase): NodeJS.ProcessEnv {
  // The shell's own database and mail settings must not leak in: a stack uses its own only.
  const { DATABASE_URL: _url, DATABASE_READ_URL: _readUrl, DATA_DIR: _dataDir, SMTP_URL: _smtp, ...inherited } = process.env;
  // LOG_FORMAT=json: start.mjs passes the processes' JSON lines on as written, for the tests that read them.
  return { ...inherited, ...database.env, LOG_LEVEL: "warn", LOG_FORMAT: "json", NO_COLOR: "1" };
}

/** Runs the built migrations and the demo seed on `database`, their output in test-results/e2e-<name>.log. */
export async function migrateAndSeed(database: E2eDatabase, name: string): Promise<void> {
  assertBuilt();
  const logFile = newLogFile(name);
  const env = environmentFor(database);
  await runCli("migrate.js", [], env, logFile);
  await runCli("seed.js", ["--if-empty"], env, logFile);
}

/** Migrates and seeds a new database, once per run, for every stack to copy (decision 021). */
export async function createE2eTemplate(): Promise<{ template: E2eTemplate; drop(): Promise<void>; dropLater(): Promise<void> }> {
  const database = await createE2eDatabase();
  try {
    await migrateAndSeed(database, "template");
  } catch (error) {
    await database.drop();
    throw error;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  return {
    template: { kind: database.kind, source: database.source },
    drop: () => database.drop(),
    // The run's answer need not wait for its stacks' databases to be dropped (drop-databases-later.ts).
    dropLater: () =>
      database.kind === "postgres" && serverUrl ? dropRunDatabasesLater(runDatabases(serverUrl, database.source)) : database.drop(),
  };
}

/** A run's template on the test server, and the copies named after it (createE2eDatabase). */
function runDatabases(serverUrl: string, template: string): RunDatabases {
  return { serverUrl, prefix: `${template}_`, name: template };
}

/** Copies the seeded template to a new database, and starts the API and the storefront against it. */
export async function startStack(options: StackOptions): Promise<Stack> {
  assertBuilt();
  const logFile = newLogFile(options.name);
  const database = options.database ?? (await createE2eDatabase(options.template ?? inject("e2eTemplate")));
  let server: ChildProcess | undefined;
  let mailbox: SmtpCapture | null = null;
  try {
    if (options.mail) mailbox = options.mail === true ? await startSmtpCapture() : options.mail;
    const [apiPort, storefrontPort] = [await freePort(), await freePort()];
    const sandboxPort = options.payments ? await freePort() : null;
    const backOfficePort = options.backOffice ? await freePort() : null;
    const env: NodeJS.ProcessEnv = {
      ...environmentFor(database),
      API_HOST: "127.0.0.1",
      API_PORT: String(apiPort),
      API_KEYS: DEMO_API_KEY,
      HOST: "127.0.0.1",
      PORT: String(storefrontPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      API_KEY: DEMO_API_KEY,
      STORE_KEY: DEMO_STORE_KEY,
      // Every request sees the database as it is now: no process caches between a change and a check, nor keeps a
      // page (a journey that changes a price and reads the page at once would race the page cache's forgetting, which
      // page-cache.e2e.ts waits for).
      CACHE_TTL_SECONDS: "0",
      PAGE_CACHE: "off",
      // Emailed links lead to this storefront. Mail goes out as soon as it is queued: the job worker is woken
      // at the commit, so the stack keeps the default poll (a 100 ms poll cost a sixth of a core per idle stack).
      STOREFRONT_URL: `http://127.0.0.1:${storefrontPort}`,
      ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
      // No MailDev on its fixed ports (start.mjs runs one without SMTP_URL): stacks run side by side, and
      // mail is either captured above or printed.
      MAIL_CATCHER: "off",
      // Every gateway the sandbox plays (the demo offers Stripe and PayPal only): the journeys pay through each.
      ...(sandboxPort
        ? { PAYMENT_SANDBOX_PORT: String(sandboxPort), PAYMENT_SANDBOX_GATEWAYS: "stripe,paypal,adyen,mollie" }
        : { PAYMENT_SANDBOX: "off" }),
      // Invitations and set-up links lead to this back office.
      ...(backOfficePort
        ? { ADMIN_HOST: "127.0.0.1", ADMIN_PORT: String(backOfficePort), BACK_OFFICE_URL: `http://127.0.0.1:${backOfficePort}` }
        : { BACK_OFFICE: "off" }),
      ...options.env,
    };

    await options.prepare?.(database);

    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;
    const serve = async () => {
      const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs"), "--serve-only"], {
        cwd: root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      server = child;
      // start.mjs says "ready" once the API answers /health and the storefront answers at all.
      await untilPrinted(child, /^\[quire\] ready$/, logFile);
      child.once("exit", (code, signal) => {
        if (child === stopping || stoppedOnItsOwn) return;
        stoppedOnItsOwn = `${signal ?? `exit code ${code}`}`;
        console.error(`The servers of stack "${options.name}" stopped while its journeys ran (${stoppedOnItsOwn}): see ${logFile}`);
      });
      return child;
    };
    // The servers a step of the stack stops on purpose (a CLI on PGlite, the end); any other exit is a fault
    // the journeys would otherwise only see as refused connections.
    let stopping: ChildProcess | undefined;
    let stoppedOnItsOwn: string | undefined;
    let running = await serve();

    // A capture handed in is its owner's to close.
    const runningMailbox = options.mail === true ? mailbox : null;
    return {
      apiUrl,
      storefrontUrl,
      backOfficeUrl: backOfficePort ? `http://127.0.0.1:${backOfficePort}` : null,
      databaseUrl: database.kind === "postgres" ? database.env.DATABASE_URL! : null,
      paymentSandboxUrl: sandboxPort ? `http://localhost:${sandboxPort}` : null,
      logFile,
      mailbox: mailbox ? localMailbox(mailbox) : null,
      async runCli(script, args) {
        if (database.kind === "postgres") return runCli(script, args, env, logFile);
        stopping = running;
        await stopProcess(running);
        await runCli(script, args, env, logFile);
        running = await serve();
      },
      async stop() {
        stopping = running;
        await stopProcess(running);
        await runningMailbox?.close();
        await database.drop();
        // Read now, not at the exit: the log has the servers' last lines once their output has been copied.
        if (stoppedOnItsOwn) {
          throw new Error(
            `The servers of stack "${options.name}" stopped while its journeys ran (${stoppedOnItsOwn}); their last lines:\n${tail(logFile, 40)}`,
          );
        }
      },
    };
  } catch (error) {
    if (server) await stopProcess(server);
    if (options.mail === true) await mailbox?.close();
    await database.drop();
    throw error;
  }
}

/**
 * The run's shared stack (global-setup.ts), for a file that needs nothing a stack of its own would give: its
 * mail is read by recipient (mailbox.ts), and the merchant's key is SHARED_ADMIN_KEY. Its `stop` does nothing:
 * the shared stack outlives the file, and global-setup stops it.
 */
export function sharedStack(): Stack {
  return {
    storefrontUrl: inject("storefrontUrl"),
    apiUrl: inject("apiUrl"),
    backOfficeUrl: inject("backOfficeUrl"),
    databaseUrl: inject("sharedDatabaseUrl"),
    logFile: path.join(root, "test-results", "e2e-main.log"),
    paymentSandboxUrl: null,
    mailbox: remoteMailbox(inject("sharedMailboxUrl")),
    runCli: () => Promise.reject(new Error("The shared stack runs no CLI for one file: its changes would be every file's")),
    stop: async () => {},
  };
}

/**
 * For journeys that need rows of their own (customers, their emailed links) and nothing else a stack of their
 * own would give: on PostgreSQL, the run's shared stack, with `prepare` inserting those rows into its database
 * while its servers run (they cache nothing between a change and a read: CACHE_TTL_SECONDS=0); on PGlite, which
 * only the servers' own process may open, a stack of their own, `prepare` running before its servers start.
 * Each file's rows must be its own (its own email addresses), and must change nothing other files use (the
 * demo customers, stock, prices). Saves a stack's start, its database's copy and its stop: about 5 s of CPU.
 */
export async function stackWithRows(options: {
  name: string;
  prepare: (database: E2eDatabase) => Promise<void>;
  /** On PGlite, the stack of its own catches its mail (the shared stack always does). */
  mail?: boolean;
}): Promise<Stack> {
  const sharedUrl = inject("sharedDatabaseUrl");
  // The merchant's key is the shared stack's, so that asShop (demo-api.ts) works on either.
  if (!sharedUrl) return startStack({ ...options, env: { ADMIN_API_KEYS: SHARED_ADMIN_KEY } });
  await options.prepare({
    kind: "postgres",
    source: new URL(sharedUrl).pathname.slice(1),
    env: { DATABASE_URL: sharedUrl },
    execute: (statement, params) => adminQuery(sharedUrl, statement, params),
    drop: () => Promise.reject(new Error("The shared stack's database is the run's: global-setup drops it")),
  });
  return sharedStack();
}

/**
 * The run's shared API and database behind a storefront of the file's own, started with `storefrontEnv`: for
 * journeys whose difference is a setting only the storefront reads (a tag manager, an icon service, an editor's
 * origin), with the rows `prepare` inserts as stackWithRows does. The storefront is configured as the shared one
 * (nothing cached between a change and a read; each browser context a client of its own). On PGlite, with rows
 * to insert, a stack of its own. A storefront alone costs about a third of a stack's start and stop.
 */
export async function sharedApiWithStorefront(options: {
  name: string;
  storefrontEnv: Record<string, string>;
  prepare?: (database: E2eDatabase) => Promise<void>;
}): Promise<Stack> {
  if (options.prepare && !inject("sharedDatabaseUrl")) {
    return startStack({
      name: options.name,
      prepare: options.prepare,
      env: { ADMIN_API_KEYS: SHARED_ADMIN_KEY, ...options.storefrontEnv },
    });
  }
  const shared = options.prepare ? await stackWithRows({ name: options.name, prepare: options.prepare }) : sharedStack();
  const storefront = await startLoneStorefront(options.name, {
    CACHE_TTL_SECONDS: "0",
    STOREFRONT_TRUST_PROXY: "loopback",
    ...options.storefrontEnv,
  });
  return {
    ...shared,
    storefrontUrl: storefront.url,
    logFile: path.join(root, "test-results", `e2e-${options.name}.log`),
    stop: () => stopProcess(storefront.server),
  };
}

/**
 * A storefront alone (server.mjs, as `npm start` runs it), on the shared stack's API unless `env` says otherwise,
 * for the checks that need a storefront configured otherwise; its log in test-results/e2e-<name>.log.
 */
export async function startLoneStorefront(name: string, env: Record<string, string>): Promise<{ server: ChildProcess; url: string }> {
  const port = await freePort();
  const logFile = newLogFile(name);
  const server = spawn(process.execPath, [path.join(root, "apps", "storefront", "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: inject("apiUrl"),
      API_KEY: inject("apiKey"),
      STORE_KEY: inject("storeKey"),
      PAGE_CACHE: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await untilPrinted(server, /"msg":"storefront listening on /, logFile);
  return { server, url: `http://127.0.0.1:${port}` };
}
