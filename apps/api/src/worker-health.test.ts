import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startWorkerProcess } from "./testing/api-process";
import { eventually } from "./testing/eventually";
import { startTcpProxy, type TcpProxy } from "./testing/tcp-proxy";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

/*
 * The worker process's own health (issue 13: health and readiness on each process): with WORKER_HEALTH_PORT set it
 * answers /health while its database is away, /health/ready only while the database answers, and stops serving
 * when it stops. Its database is reached through a proxy the test can make refuse connections, so it needs a
 * PostgreSQL server (TEST_DATABASE_URL): a worker process cannot open the embedded database another process holds.
 */
const onServer = inject("testDatabaseTemplate").kind === "postgres";
let database: TestDatabase;
let proxy: TcpProxy;
beforeAll(async () => {
  if (!onServer) return;
  database = await createTestDatabase();
  const target = new URL(database.url!);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
});
afterAll(async () => {
  await proxy?.close();
  await database?.close();
});

describe.runIf(onServer)("the worker process's health", () => {
  it("is live throughout, ready only while its database answers, and gone once the worker stops", async () => {
    const url = new URL(database.url!);
    url.port = String(proxy.port);
    url.hostname = "127.0.0.1";
    const worker = await startWorkerProcess({ NODE_ENV: "test", LOG_LEVEL: "info", DATABASE_URL: url.toString(), WORKER_HEALTH_PORT: "0" });
    try {
      const announced = await worker.waitForLog((line) => line.msg.startsWith("job worker health at "));
      const base = /at (http:\/\/\S+)\/health/.exec(announced.msg)![1]!;
      const status = async (path: string) => (await fetch(`${base}${path}`)).status;
      expect([await status("/health"), await status("/health/ready")]).toEqual([200, 200]);

      proxy.refuse();
      proxy.cutAll();
      await eventually("not ready while the database refuses", async () => (await status("/health/ready")) === 503);
      expect(await status("/health")).toBe(200);

      proxy.forward();
      await eventually("ready again once the database answers", async () => (await status("/health/ready")) === 200);

      await worker.stop();
      expect(worker.exitStatus()).toEqual({ code: 0, signal: null });
      await expect(fetch(`${base}/health`)).rejects.toThrow();
    } finally {
      await worker.stop();
    }
  });
});
