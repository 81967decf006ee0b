import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createStore } from "../testing/factories";
import { TEST_API_KEY, TEST_TOKEN_SECRET, useTestApi } from "../testing/test-api";
import { DEFAULT_HTTP_TIMEOUTS } from "./edge-limits";

const api = useTestApi(async (db) => createStore(db));

/**
 * Opens a connection, sends `head` (never finishing it) and answers what the server wrote before it closed the
 * connection, and how long that took.
 */
function sendAndWaitForClose(port: number, head: string): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => (answer += text));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, elapsedMs: Date.now() - started }));
  });
}

describe("a client too slow to send its request", () => {
  it("is cut off by default within seconds, not Node's minutes", () => {
    expect(DEFAULT_HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
  });

  it("that never finishes its headers is answered 408 request_timeout and disconnected", async () => {
    const app = await buildApp({
      db: api.database.db,
      apiKeys: [TEST_API_KEY],
      tokenSecret: TEST_TOKEN_SECRET,
      httpTimeouts: { headersMs: 1000, requestMs: 5000 },
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const { answer, elapsedMs } = await sendAndWaitForClose(port, "GET /store-settings HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"request_timeout"');
      // Within the headers' time-out and Node's check of it, well before the request's own.
      expect(elapsedMs).toBeLessThan(4000);
    } finally {
      await app.close();
    }
  });

  it("that sends its headers but not its body is answered 408 once the request's time-out passes", async () => {
    const app = await buildApp({
      db: api.database.db,
      apiKeys: [TEST_API_KEY],
      tokenSecret: TEST_TOKEN_SECRET,
      httpTimeouts: { headersMs: 1000, requestMs: 2000 },
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const head = "POST /contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
      const { answer } = await sendAndWaitForClose(port, head);
      // Refused for its missing keys at once, the connection is still held open for the body until the time-out.
      expect(answer).toContain("HTTP/1.1 408 ");
      expect(answer).toContain('"code":"request_timeout"');
    } finally {
      await app.close();
    }
  });
});
