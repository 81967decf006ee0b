import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy in front of the API, for a journey that loses one answer on its way back to the storefront: the
 * request reaches the API and is carried out, the API's answer is read in full, and then the storefront's
 * connection is cut instead of the answer being passed on, as a network that fails at the worst moment does.
 * Everything else goes through as it came.
 */
export interface AnswerDroppingProxy {
  url: string;
  /**
   * Loses the answer to the next request `matches` accepts; resolves with the status the API gave it, once the
   * connection has been cut.
   */
  dropNextAnswer(matches: (method: string, path: string) => boolean): Promise<number>;
  close(): Promise<void>;
}

export async function startAnswerDroppingProxy(target: { host: string; port: number }): Promise<AnswerDroppingProxy> {
  let drop: { matches: (method: string, path: string) => boolean; dropped: (status: number) => void } | null = null;
  const server: Server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? "GET";
    const path = incoming.url ?? "/";
    const rule = drop?.matches(method, path.split("?")[0]!) ? drop : null;
    if (rule) drop = null;
    const upstream = request(
      { host: target.host, port: target.port, method, path, headers: incoming.headers },
      (answer: IncomingMessage) => {
        if (!rule) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        // The API has answered, so what the request did has been committed: read the answer, then lose it.
        answer.resume();
        answer.once("end", () => {
          incoming.socket.destroy();
          rule.dropped(answer.statusCode ?? 0);
        });
      },
    );
    upstream.once("error", () => incoming.socket.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropNextAnswer(matches) {
      return new Promise<number>((resolve) => {
        drop = { matches, dropped: resolve };
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
