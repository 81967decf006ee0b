import { connect, createServer, type AddressInfo, type Socket } from "node:net";

/**
 * A TCP proxy in front of a server, which a test uses to break the connections between a client and that
 * server exactly when it wants: refusing new ones, cutting open ones, or holding what a client sends.
 */
export interface TcpProxy {
  port: number;
  /** Connections opened through the proxy and closed at once while it refused them. */
  readonly refused: number;
  /** From now on, accepts a connection and closes it at once, as a server that is going away does. */
  refuse(): void;
  /** Forwards everything again (new connections, and anything sent from now on). */
  forward(): void;
  /** Drops what clients send from now on instead of forwarding it; resolves when the first chunk is dropped. */
  holdClientData(): Promise<void>;
  /** Closes every open connection, both ways. */
  cutAll(): void;
  /** Resolves once `count` connections have been refused in all. */
  waitForRefused(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let mode: "forward" | "refuse" = "forward";
  let holding: (() => void) | null = null;
  let refused = 0;
  const refusedWaiters = new Set<{ count: number; resolve: () => void }>();

  const server = createServer((client) => {
    if (mode === "refuse") {
      refused++;
      client.destroy();
      for (const waiter of refusedWaiters) {
        if (refused >= waiter.count) {
          refusedWaiters.delete(waiter);
          waiter.resolve();
        }
      }
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on("error", close).on("close", close);
    client.on("data", (chunk: Buffer) => {
      if (holding) return holding();
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as AddressInfo).port,
    get refused() {
      return refused;
    },
    refuse() {
      mode = "refuse";
    },
    forward() {
      mode = "forward";
      holding = null;
    },
    holdClientData() {
      return new Promise<void>((resolve) => {
        holding = resolve;
      });
    },
    cutAll() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
    waitForRefused(count) {
      if (refused >= count) return Promise.resolve();
      return new Promise<void>((resolve) => refusedWaiters.add({ count, resolve }));
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
