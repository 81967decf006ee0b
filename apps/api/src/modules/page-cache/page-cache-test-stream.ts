import type { App } from "../../app";
import { TEST_HEADERS } from "../../testing/test-api";

/** One server-sent event of GET /cache/invalidations. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Opens GET /cache/invalidations over HTTP as a storefront does (the app listens on a port of its own the first time),
 * and reads its events one by one: for the page cache's tests.
 */
export async function openInvalidationStream(app: App, headers: Record<string, string> = TEST_HEADERS) {
  const address = await app.listen({ port: 0, host: "127.0.0.1" }).catch(() => `http://127.0.0.1:${portOf(app)}`);
  const controller = new AbortController();
  const response = await fetch(`${address}/cache/invalidations`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  let waiting: (() => void) | null = null;
  const read = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          waiting?.();
        }
      }
    } catch {
      // aborted by close()
    }
  };
  void read();
  return {
    response,
    /** The next event not taken yet, as it arrives. */
    async next(): Promise<StreamEvent> {
      while (events.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
      return events.shift()!;
    },
    close: () => controller.abort(),
  };
}

function portOf(app: App): number {
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening");
  return address.port;
}
