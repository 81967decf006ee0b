import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";

/**
 * A client that sends its request's headers too slowly is answered 408 and disconnected by the storefront's
 * server (HEADERS_TIMEOUT_MS, 10 s by default), so a client trickling bytes cannot hold a connection for ever.
 */
const storefrontUrl = inject("storefrontUrl");

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
    const { answer, elapsedMs } = await sendAndWaitForClose(storefrontUrl, "GET /store HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The 10 s default and Node's check of it each second, not Node's own 60 s.
    expect(elapsedMs).toBeLessThan(15_000);
  });
});
