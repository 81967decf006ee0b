import { sql } from "drizzle-orm";
import { EventEmitter } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../http/database-unavailable";
import { createJobHandlers } from "../job-handlers";
import { startJobWorker } from "../modules/jobs/job-worker";
import { createSmtpTransport } from "../modules/mail/mail-transports";
import { enqueueMail, type OutgoingMail } from "../modules/mail/outbox.repository";
import { startApiProcess, type ApiProcess, type LogLine } from "../testing/api-process";
import { createMigratedDatabase } from "../testing/cluster-database";
import { eventually } from "../testing/eventually";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { startPostgresCluster, type PostgresCluster } from "../testing/postgres-cluster";
import { startSmtpCapture, type SmtpCapture } from "../testing/smtp-capture";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy";
import { TEST_API_KEY, TEST_HEADERS } from "../testing/test-constants";
import { CONNECTION_TIMEOUT_MS, openDatabase, pingDatabase, type Database } from "./client";

// A PostgreSQL server of this file's own (initdb, pg_ctl on a free port), so it can be stopped and started
// under a running API without disturbing the server every other test uses.
let cluster: PostgresCluster;
let smtp: SmtpCapture;
beforeAll(async () => {
  cluster = await startPostgresCluster({ preparedTransactions: 1 });
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
  await cluster?.destroy();
});

async function expectUnavailable(response: Response, what: string) {
  expect(response.status, what).toBe(503);
  expect(response.headers.get("retry-after"), what).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(await response.json(), what).toEqual({ errors: [{ code: "service_unavailable", message: expect.any(String) }] });
}

const MAIL_FROM = "Quire Books <shop@quire.example>";
function mail(recipient: string): OutgoingMail {
  return { storeId: null, kind: "signup_request", recipient, subject: "Hello", textBody: "Hello" };
}

describe("the API while PostgreSQL stops and starts again", () => {
  it("stays up, answers 503 with Retry-After while the database is away, and 200 within seconds of its return", async () => {
    const { direct, url } = await createMigratedDatabase(cluster, "quire_outage");
    const observer = new pg.Client({ connectionString: url });
    const locker = new pg.Client({ connectionString: url });
    // Both sessions end with the server, on purpose.
    observer.on("error", () => {});
    locker.on("error", () => {});
    let api: ApiProcess | undefined;
    try {
      const store = await createStore(direct.db);
      const type = await createProductType(direct.db, { storeId: store.id, code: "book", name: "Book" });
      const product = await createProduct(direct.db, {
        storeId: store.id,
        productTypeId: type.id,
        slug: "plain",
        name: "Plain",
        variants: [{ sku: "PLAIN", name: "Hardback", stockQuantity: 1000, prices: { GBP: { amount: 1000 } } }],
      });
      api = await startApiProcess({
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        DATABASE_URL: url,
        API_KEYS: TEST_API_KEY,
        SMTP_URL: smtp.url,
        JOB_POLL_INTERVAL_MS: "100",
        // Reads on SQL only. With the catalogue index on (decision 028), this journey ran past its waits once in
        // five runs on a loaded CI machine; until that is understood, the index under an outage is issue 9's.
        CATALOG_INDEX: "off",
      });
      const running = api;
      // A read (one pooled query) and a write (a transaction on a checked-out connection).
      const listProducts = () => fetch(`${running.url}/products`, { headers: TEST_HEADERS });
      const addToCart = () =>
        fetch(`${running.url}/baskets`, {
          method: "PUT",
          headers: { ...TEST_HEADERS, "content-type": "application/json" },
          body: JSON.stringify({ productVariantId: product.variants[0]!.id, quantity: 1 }),
        });
      const get = (path: string) => fetch(`${running.url}${path}`);
      const count = (prefix: string) => running.lines.filter((line: LogLine) => line.msg.startsWith(prefix)).length;
      /** Waits until the API has logged a line starting with `prefix` `times` times; fails at once if it exits. */
      const logged = async (prefix: string, times: number) => {
        let seen = 0;
        // waitForLog offers each line once, those already logged first, so this counts every such line once.
        await running.waitForLog((line) => line.msg.startsWith(prefix) && ++seen === times);
        expect(count(prefix), `"${prefix}" logged`).toBe(times);
      };
      const LOST = "database connection lost";
      const RESTORED = "database connection restored";
      const WORKER_AWAY = "job worker: the database is unavailable";
      const WORKER_BACK = "job worker: the database is back";
      /** Polls until a read answers 200 again; every answer before it must be a 503, never a 500. */
      const untilServing = async () => {
        const statuses: number[] = [];
        await eventually("a read answers 200 after the database's return", async () => {
          const response = await listProducts();
          await response.body?.cancel();
          statuses.push(response.status);
          return response.status === 200;
        });
        expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      };

      expect((await listProducts()).status).toBe(200);
      expect((await addToCart()).status).toBe(200);
      expect(await (await get("/health/ready")).json()).toEqual({ status: "ok" });

      // 1. Stopped while the pool holds only idle connections.
      await cluster.stop();
      await logged(LOST, 1);
      await logged(WORKER_AWAY, 1);
      expect(running.isRunning()).toBe(true);
      await expectUnavailable(await listProducts(), "a read");
      await expectUnavailable(await addToCart(), "a write");
      await expectUnavailable(await get("/health/ready"), "readiness");
      const liveness = await get("/health");
      expect(liveness.status).toBe(200);
      await liveness.body?.cancel();

      await cluster.start();
      await untilServing();
      expect((await addToCart()).status).toBe(200);
      expect((await get("/health/ready")).status).toBe(200);
      await logged(RESTORED, 1);
      await logged(WORKER_BACK, 1);

      // 2. Stopped while requests are in flight: each waits inside PostgreSQL on a lock this test holds. The lock is
      // a prepared transaction's, which belongs to no session: a session's lock ends with it, and a fast stop ends
      // every session at once, so on a busy machine a waiting request was once granted the lock and answered 200
      // before its own end came. A prepared transaction keeps its lock through the stop and the start, until
      // the test rolls it back.
      await observer.connect();
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
      await locker.query("PREPARE TRANSACTION 'outage_lock'");
      const inFlight = [listProducts(), listProducts(), addToCart(), addToCart()];
      await eventually("four requests wait on the lock", async () => {
        const { rows } = await observer.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          ["quire_outage"],
        );
        return rows[0]!.waiting >= inFlight.length;
      });
      await cluster.stop();
      const answers = await Promise.all(inFlight);
      for (const [index, response] of answers.entries()) await expectUnavailable(response, `in-flight request ${index}`);
      await logged(LOST, 2);
      await logged(WORKER_AWAY, 2);
      expect(running.isRunning()).toBe(true);
      await expectUnavailable(await addToCart(), "a write during the second outage");

      await cluster.start();
      const unlocker = new pg.Client({ connectionString: url });
      await unlocker.connect();
      try {
        await unlocker.query("ROLLBACK PREPARED 'outage_lock'");
      } finally {
        await unlocker.end();
      }
      await untilServing();
      expect((await addToCart()).status).toBe(200);
      await logged(RESTORED, 2);
      await logged(WORKER_BACK, 2);
      const after = mail("after-the-outage@example.com");
      await enqueueMail(direct.db, after);
      await smtp.waitForMail(after.recipient, { timeoutMs: 10_000 });

      // Once per outage, as warnings: nothing was logged as an error, nothing went to stderr.
      expect([count(LOST), count(RESTORED), count(WORKER_AWAY), count(WORKER_BACK)]).toEqual([2, 2, 2, 2]);
      expect(running.lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(running.stderr).toEqual([]);
      expect(running.isRunning()).toBe(true);
    } finally {
      await api?.stop();
      await Promise.all([observer.end().catch(() => {}), locker.end().catch(() => {})]);
      await direct.close();
    }
    // An API process started, PostgreSQL stopped and started under it: 6-19 s, past 30 s once on a loaded CI machine.
  }, 120_000);
});

describe("the connection pool", () => {
  let proxy: TcpProxy;
  let database: Database;
  const lost: Error[] = [];
  let restored = 0;
  const connection = new EventEmitter();
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: "127.0.0.1", port: cluster.port });
    // One connection only: a slot that is never given back shows at once.
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`, maxConnections: 1 });
    database.watchConnection({
      lost: (error) => {
        lost.push(error);
        connection.emit("change");
      },
      restored: () => {
        restored++;
        connection.emit("change");
      },
    });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
  });

  it("drops a connection that breaks while idle, and connects afresh for the next call", async () => {
    await pingDatabase(database.db);
    const lostBefore = lost.length;
    proxy.cutAll();
    await eventually("the pool hears the connection break", () => lost.length > lostBefore, connection);
    await pingDatabase(database.db);
  });

  it("gives up on a server that does not answer once the connection timeout has passed, instead of waiting for ever", async () => {
    const fresh = await openDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` });
    try {
      void proxy.holdClientData(); // the server never hears the client's hello, so never answers
      const started = performance.now();
      const failure = await pingDatabase(fresh.db).then(
        () => new Error("a silent server answered"),
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(CONNECTION_TIMEOUT_MS - 50);
    } finally {
      proxy.forward();
      await fresh.close();
    }
  });

  it("gives back the slot of a connection that breaks as a transaction begins", async () => {
    await pingDatabase(database.db);
    const held = proxy.holdClientData();
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await held; // BEGIN has left the client and stops at the proxy
    proxy.cutAll();
    const failure = await transaction.then(
      () => new Error("the transaction committed over a cut connection"),
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    proxy.forward();
    // drizzle-orm does not release a client whose BEGIN failed; unless the pool took it back, this call
    // would wait for the only slot and fail after the connection timeout.
    await pingDatabase(database.db);
    expect(restored).toBeGreaterThanOrEqual(1);
  });
});

describe("the job worker", () => {
  it("warns once per outage, polls less often while it lasts, and delivers mail again when the database is back", async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: cluster.port });
    const { direct, url } = await createMigratedDatabase(cluster, "quire_outbox_outage", proxy);
    const proxied = await openDatabase({ url });
    const unavailable: unknown[] = [];
    const errors: unknown[] = [];
    let restored = 0;
    const workerNews = new EventEmitter();
    const refusedAt: number[] = [];
    const mailTransport = createSmtpTransport({ url: smtp.url, from: MAIL_FROM });
    const worker = await startJobWorker({
      db: proxied.db,
      handlers: createJobHandlers({ db: proxied.db, mailTransport, storefrontUrl: "http://localhost:3000" }),
      pollIntervalMs: 20,
      onError: (error) => void errors.push(error),
      onDatabaseUnavailable: (error) => void unavailable.push(error),
      onDatabaseRestored: () => {
        restored++;
        workerNews.emit("change");
      },
    });
    try {
      for (const outage of [1, 2]) {
        const before = mail(`before-outage-${outage}@example.com`);
        await enqueueMail(direct.db, before);
        await smtp.waitForMail(before.recipient, { timeoutMs: 10_000 });

        proxy.refuse();
        proxy.cutAll();
        const refusedBefore = proxy.refused;
        for (let attempt = 1; attempt <= 4; attempt++) {
          await proxy.waitForRefused(refusedBefore + attempt);
          refusedAt[attempt - 1] = performance.now();
        }
        expect(unavailable).toHaveLength(outage);
        expect(isDatabaseUnavailable(unavailable[outage - 1])).toBe(true);
        // Polls 20 ms apart would make these four attempts 60 ms; backing off (40, 80, 160 ms) takes 280.
        expect(refusedAt[3]! - refusedAt[0]!).toBeGreaterThan(250);

        proxy.forward();
        const after = mail(`after-outage-${outage}@example.com`);
        await enqueueMail(direct.db, after);
        await smtp.waitForMail(after.recipient, { timeoutMs: 10_000 });
        await eventually("the worker says the database is back", () => restored === outage, workerNews);
      }
      expect(errors).toEqual([]);
    } finally {
      await worker.stop();
      mailTransport.close();
      await proxied.close();
      await direct.close();
      await proxy.close();
    }
  });
});
