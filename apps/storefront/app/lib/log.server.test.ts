import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLog, inRequestScope, requestLogger, routeConsoleTo } from "./log.server";

/** A logger writing into `lines`, one parsed JSON object per line. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLog("info", destination), lines };
}

// routeConsoleTo replaces console's methods: each test gets back the ones it started with (the setup's spy included).
let consoleBefore: Console;
beforeEach(() => {
  consoleBefore = { ...console };
});
afterEach(() => {
  Object.assign(console, consoleBefore);
});

describe("the storefront's log", () => {
  it("writes JSON lines, each with the id of the request being handled", async () => {
    const { log, lines } = capturedLog();
    log.info("starting");
    await new Promise<void>((resolve) =>
      inRequestScope("req-123456", () => {
        setTimeout(() => {
          log.warn("later, in the same request");
          resolve();
        }, 1);
      }),
    );
    expect(lines.map(({ level, msg, reqId, service }) => ({ level, msg, reqId, service }))).toEqual([
      { level: 30, msg: "starting", reqId: undefined, service: "storefront" },
      { level: 40, msg: "later, in the same request", reqId: "req-123456", service: "storefront" },
    ]);
  });

  it("takes console.* lines too, an Error with its stack", () => {
    const { log, lines } = capturedLog();
    routeConsoleTo(log);
    inRequestScope("req-abcdefgh", () => {
      console.warn("Could not merge recently viewed products:", "timeout");
      console.error(new Error("loader failed"));
    });
    expect(lines[0]).toMatchObject({ level: 40, msg: "Could not merge recently viewed products: timeout", reqId: "req-abcdefgh" });
    expect(lines[1]).toMatchObject({ level: 50, msg: "loader failed", reqId: "req-abcdefgh" });
    expect((lines[1]!.err as { stack: string }).stack).toContain("loader failed");
  });

  it("logs each request once answered, its id, method, redacted URL and status, and no header", async () => {
    const { log, lines } = capturedLog();
    const logRequest = requestLogger(log);
    const server = createServer((request, response) => {
      inRequestScope(String(request.headers["x-request-id"]), () => {
        logRequest(request, response);
        response.statusCode = request.url?.startsWith("/broken") ? 500 : 200;
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/newsletter/confirm/SecretToken1234567890abcdef?utm=x`, {
        headers: { "x-request-id": "req-log-0001", cookie: "quire_token=a.b.c", authorization: "Bearer a.b.c" },
      });
      await fetch(`${base}/broken`, { headers: { "x-request-id": "req-log-0002" } });
      await expect.poll(() => lines.length).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: "req-log-0001",
      msg: "GET /newsletter/confirm/[redacted]?utm=x 200",
      req: { method: "GET", url: "/newsletter/confirm/[redacted]?utm=x" },
      res: { statusCode: 200 },
    });
    expect(lines[1]).toMatchObject({ level: 50, reqId: "req-log-0002", res: { statusCode: 500 } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("SecretToken");
    expect(text).not.toContain("a.b.c");
  });
});
