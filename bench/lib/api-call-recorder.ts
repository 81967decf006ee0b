import { once } from "node:events";
import { createServer, request } from "node:http";

/**
 * A pass-through proxy in front of the API that records the path of every request while `recording` is on:
 * pointed at by a second storefront (or baseline) for a moment, it tells which API calls a page makes. Never
 * in the way of a measured request: the servers under load talk to the API directly.
 */
export async function startApiCallRecorder(apiUrl: string) {
  const target = new URL(apiUrl);
  const calls: string[] = [];
  let recording = false;
  const server = createServer((incoming, outgoing) => {
    if (recording) calls.push(`${incoming.method} ${incoming.url}`);
    const forwarded = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** The API calls made while `action` ran. */
    async record(action: () => Promise<void>): Promise<string[]> {
      calls.length = 0;
      recording = true;
      try {
        await action();
      } finally {
        recording = false;
      }
      return [...calls];
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
