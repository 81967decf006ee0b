import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The tag manager played locally (no third party is reachable from tests): an HTTP server whose script, like the
 * real one, reads the container id from its `id` query parameter and takes over `window.dataLayer`. It records
 * the id it was loaded with and pushes `gtm.load`, so a journey can wait for it and then read what the shop
 * pushed. `requests` lists every script request, to prove it was never asked for.
 */
export interface TagManagerStandIn {
  scriptUrl: string;
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startTagManagerStandIn(): Promise<TagManagerStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const id = new URL(request.url ?? "/", "http://stand-in").searchParams.get("id");
    response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
    response.end(
      `window.tagManagerStandIn = { id: ${JSON.stringify(id)} };\n` +
        `(window.dataLayer = window.dataLayer || []).push({ event: "gtm.load" });\n`,
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${origin}/gtm.js`,
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
