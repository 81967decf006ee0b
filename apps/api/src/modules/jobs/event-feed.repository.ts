import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../db/client";

/*
 * The channel on which the domain events that running processes keep copies by (EVENT_BROADCASTS) are told to
 * every listening process, when the transaction that published them commits (event-feed.ts).
 */

/** The one channel; each notice is one event or one marker, as JSON. */
export const EVENT_CHANNEL = "quire_events";

/** Sends these notices when the caller's transaction commits (at once outside a transaction). */
export async function notifyAll(tx: Db, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  await tx.execute(sql`select pg_notify(${EVENT_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) payload`);
}

/**
 * Listens on the channel on a connection of its own (node-postgres), or on the embedded database. `lost`
 * hears the connection break: notices sent meanwhile are lost, so the listener's owner starts again from the
 * database.
 */
export async function listenOnChannel(db: Db, handlers: { notice(payload: string): void; lost(error: Error): void }) {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error("a process listens on the database itself, not inside a transaction");
  if ("exec" in client) {
    const unlisten = await client.listen(EVENT_CHANNEL, (payload) => handlers.notice(payload));
    return { close: () => unlisten() };
  }
  const listener = new pg.Client(client.options);
  listener.on("notification", (message) => handlers.notice(message.payload ?? ""));
  listener.on("error", (error) => handlers.lost(error));
  listener.on("end", () => handlers.lost(new Error("the listening connection ended")));
  await listener.connect();
  await listener.query(`listen ${EVENT_CHANNEL}`);
  return {
    close: async () => {
      listener.removeAllListeners("end");
      listener.removeAllListeners("error");
      listener.on("error", () => {});
      await listener.end();
    },
  };
}
