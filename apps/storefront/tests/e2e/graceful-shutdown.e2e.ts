import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createE2eDatabase, DEMO_API_KEY, DEMO_STORE_KEY, freePort, root, stopProcess, untilPrinted, type E2eDatabase } from "./stack";

/*
 * Graceful shutdown (issue 13): on SIGTERM the built API and storefront take no new connections, finish the
 * requests in flight and exit 0; a request that outlasts SHUTDOWN_GRACE_SECONDS does not keep them: they exit 1
 * when the grace is over. A request is held in flight by a lock: the test's own session holds ACCESS EXCLUSIVE
 * on the products table, so the API's catalogue query waits for it (seen in pg_stat_activity), and the test
 * lets it go when it wants the request to finish.
 */

let database: E2eDatabase;
beforeAll(async () => {
  database = await createE2eDatabase(inject("e2eTemplate"));
});
afterAll(async () => {
  await database?.drop();
});

interface Server {
  url: string;
  child: ChildProcess;
  /** The exit code, once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The lines it has printed on standard output so far. */
  printed: string[];
}
const started: Server[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => stopProcess(server.child)));
});

const logFile = path.join(root, "test-results", "e2e-graceful-shutdown.log");

async function startServer(script: string, env: NodeJS.ProcessEnv, ready: RegExp, port: number): Promise<Server> {
  const { DATABASE_URL: _url, DATABASE_READ_URL: _read, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const printed: string[] = [];
  createInterface({ input: child.stdout!, crlfDelay: Infinity }).on("line", (line) => printed.push(line));
  const server = { url: `http://127.0.0.1:${port}`, child, exited, printed };
  started.push(server);
  await untilPrinted(child, ready, logFile);
  return server;
}

const API_HEADERS = { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY };

/**
 * Resolves once the API has nothing left to start: it answers ready (its start-up work, which reads the products
 * table to choose the stores to index, is done) and the store's catalogue index is built (a store's first read
 * builds it, reading products too). From then on every session that waits on the test's lock is a request the
 * test sent, so "the request is in flight" is what `waiting` sees.
 */
async function untilSettled(server: Server): Promise<Server> {
  const status = () => fetch(`${server.url}/health/ready`).then(async (response) => (await response.body?.cancel(), response.status));
  await expect.poll(status, { timeout: 30_000, interval: 100 }).toBe(200);
  const firstRead = await fetch(`${server.url}/products?PageSize=1`, { headers: API_HEADERS });
  await firstRead.body?.cancel();
  expect(firstRead.status).toBe(200);
  const built = () => server.printed.some((line) => line.includes('"msg":"catalogue index built"'));
  await expect.poll(built, { timeout: 30_000, interval: 50 }).toBe(true);
  return server;
}

async function startApi(graceSeconds: number): Promise<Server> {
  const port = await freePort();
  const server = await startServer(
    path.join(root, "apps", "api", "dist", "main.js"),
    {
      ...database.env,
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      API_KEYS: DEMO_API_KEY,
      AUTH_TOKEN_SECRET: "graceful-shutdown-test-secret-of-forty-chars",
      JOBS_WORKER: "off",
      LOG_LEVEL: "info",
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      // A held request waits on the lock for as long as the test says, not the default 5 s.
      DATABASE_STATEMENT_TIMEOUT_MS: "60000",
    },
    /Server listening at/,
    port,
  );
  return untilSettled(server);
}

async function startStorefront(apiUrl: string, graceSeconds: number): Promise<Server> {
  const port = await freePort();
  return startServer(
    path.join(root, "apps", "storefront", "server.mjs"),
    {
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: apiUrl,
      API_KEY: DEMO_API_KEY,
      STORE_KEY: DEMO_STORE_KEY,
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    /"msg":"storefront listening on /,
    port,
  );
}

/** A session holding ACCESS EXCLUSIVE on products until `release()`: every catalogue query waits for it. */
async function lockProducts() {
  const url = database.env.DATABASE_URL!;
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  return {
    /** Resolves once `count` sessions wait for the lock: the requests are in flight, held at the database. */
    async waiting(count: number) {
      await expect
        .poll(
          async () =>
            (
              await observer.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
              )
            ).rows[0]!.n,
          { timeout: 15_000, interval: 50 },
        )
        .toBeGreaterThanOrEqual(count);
    },
    async release() {
      await locker.query("COMMIT").catch(() => {});
      await Promise.all([locker.end(), observer.end()]);
    },
  };
}

/** Whether a new connection to `url` is refused (the server has stopped listening). */
async function refusesConnections(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/health`).then(
    async (response) => (await response.body?.cancel(), response.status),
    (error: unknown) => ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED" ? "refused" : "other"),
  );
  return answer === "refused";
}

describe("graceful shutdown", () => {
  it("the storefront finishes the page in flight, refusing new connections meanwhile, and exits 0", async () => {
    const api = await startApi(8);
    const storefront = await startStorefront(api.url, 8);
    const lock = await lockProducts();
    try {
      const page = fetch(`${storefront.url}/store`);
      await lock.waiting(1);
      storefront.child.kill("SIGTERM");
      await expect.poll(() => refusesConnections(storefront.url)).toBe(true);
      await lock.release();
      const answer = await page;
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("</html>");
      expect(await storefront.exited).toBe(0);
    } finally {
      await lock.release();
    }
  });

  it("the API finishes the call in flight, refusing new connections meanwhile, and exits 0", async () => {
    const api = await startApi(8);
    const lock = await lockProducts();
    try {
      const call = fetch(`${api.url}/products?PageSize=2`, { headers: API_HEADERS });
      await lock.waiting(1);
      api.child.kill("SIGTERM");
      await expect.poll(() => refusesConnections(api.url)).toBe(true);
      await lock.release();
      const answer = await call;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { results: unknown[] } }).data.results).toHaveLength(2);
      expect(await api.exited).toBe(0);
    } finally {
      await lock.release();
    }
  });

  it("neither waits past its grace for a request that does not finish: each exits 1 once the grace is over", async () => {
    const api = await startApi(2);
    const storefront = await startStorefront(api.url, 1);
    const lock = await lockProducts();
    try {
      // Cut off when the grace is over: their answers never come whole.
      const page = fetch(`${storefront.url}/store`).then(
        (response) => response.text(),
        () => "cut off",
      );
      const call = fetch(`${api.url}/products`, { headers: API_HEADERS }).then(
        (response) => response.text(),
        () => "cut off",
      );
      await lock.waiting(2);
      // The storefront first, while the API still holds its call: it must be its own grace that ends it.
      let signalledAt = Date.now();
      storefront.child.kill("SIGTERM");
      expect(await storefront.exited).toBe(1);
      expect(Date.now() - signalledAt, "ms to the storefront's exit").toBeLessThan(1000 + 1500);
      expect(await page.catch(() => "cut off")).toBe("cut off");
      signalledAt = Date.now();
      api.child.kill("SIGTERM");
      expect(await api.exited).toBe(1);
      expect(Date.now() - signalledAt, "ms to the API's exit").toBeLessThan(2000 + 1500);
      expect(await call.catch(() => "cut off")).toBe("cut off");
    } finally {
      await lock.release();
    }
  });
});
