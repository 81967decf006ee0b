import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** How long readiness waits for the database's answer: a balancer's or an orchestrator's checks come every few seconds. */
export const WORKER_READY_TIMEOUT_MS = 2_000;
export const WORKER_NOT_READY_RETRY_AFTER_SECONDS = 5;

export interface WorkerHealthServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The worker's health for an orchestrator (issue 13: health and readiness on each process), as the API and the
 * storefront answer theirs: GET /health is liveness (the process answers; a database outage never gets the worker
 * restarted, it waits for the database itself), GET /health/ready is readiness (`ready()` within 2 s: its database
 * answers and it is not stopping), else 503 with Retry-After. Nothing else is served.
 */
export async function serveWorkerHealth(options: {
  host: string;
  port: number;
  ready: () => Promise<boolean>;
}): Promise<WorkerHealthServer> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" && request.method !== "HEAD")
      return answer(405, { errors: [{ code: "method_not_allowed", message: "GET only" }] });
    if (path === "/health") return answer(200, { status: "ok" });
    if (path !== "/health/ready") return answer(404, { errors: [{ code: "not_found", message: "Not found" }] });
    const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), WORKER_READY_TIMEOUT_MS).unref());
    void Promise.race([options.ready().catch(() => false), timedOut]).then((ready) =>
      ready
        ? answer(200, { status: "ok" })
        : answer(503, { status: "unavailable" }, { "retry-after": String(WORKER_NOT_READY_RETRY_AFTER_SECONDS) }),
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port, options.host, resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
