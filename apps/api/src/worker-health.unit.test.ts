import { afterEach, describe, expect, it } from "vitest";
import { serveWorkerHealth, type WorkerHealthServer } from "./worker-health";

let server: WorkerHealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the worker's health server", () => {
  it("answers liveness always, readiness as `ready` says, uncached, and nothing else", async () => {
    let ready = true;
    server = await serveWorkerHealth({ host: "127.0.0.1", port: 0, ready: async () => ready });
    const live = await fetch(`${server.url}/health`);
    expect([live.status, await live.json(), live.headers.get("cache-control")]).toEqual([200, { status: "ok" }, "no-store"]);
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);

    ready = false;
    const notReady = await fetch(`${server.url}/health/ready`);
    expect([notReady.status, await notReady.json(), notReady.headers.get("retry-after")]).toEqual([503, { status: "unavailable" }, "5"]);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/health`, { method: "POST" })).status).toBe(405);
  });

  it("is not ready when the check fails or does not answer within 2 s", async () => {
    server = await serveWorkerHealth({ host: "127.0.0.1", port: 0, ready: () => Promise.reject(new Error("connection refused")) });
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(503);
    await server.close();
    server = await serveWorkerHealth({ host: "127.0.0.1", port: 0, ready: () => new Promise<boolean>(() => {}) });
    const startedAt = Date.now();
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(503);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
  });
});
