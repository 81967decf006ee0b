import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoneStorefront, stopProcess } from "./stack";

/**
 * A client that sends its request's headers too slowly is answered 408 and disconnected by the storefront's
 * server (HEADERS_TIMEOUT_MS), so a client trickling bytes cannot hold a connection for ever. A storefront of its
 * own, told to wait two seconds rather than the default ten (env.server.test.ts holds the default): the journey
 * waits that long, and another file's journeys use the time.
 */
const HEADERS_TIMEOUT_MS = 2_000;
let storefront: { server: ChildProcess; url: string };

beforeAll(async () => {
  storefront = await startLoneStorefront("slow-clients", { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) });
});
afterAll(async () => {
  if (storefront) await stopProcess(storefront.server);
});

function sendAndWaitForClose(url: string, head: string): Promise<{ answer: string; elapsedMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => (answer += text));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, elapsedMs: Date.now() - started }));
  });
}

describe("a client too slow to send its headers", () => {
  it("is answered 408 and disconnected within the headers' time-out", async () => {
    const { answer, elapsedMs } = await sendAndWaitForClose(storefront.url, "GET /store HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The time-out set, and Node's check of it each second (server.mjs), not Node's own 60 s.
    expect(elapsedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(elapsedMs).toBeLessThan(HEADERS_TIMEOUT_MS + 4_000);
  });
});
