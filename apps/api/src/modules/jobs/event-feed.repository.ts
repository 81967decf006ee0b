import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../db/client";

/*
 * The channels on which running processes are told of a commit: the domain events that they keep copies by
 * (EVENT_BROADCASTS, event-feed.ts), and the jobs queued to run now, which wake the job workers (job-worker.ts).
 */

/** The change feed; each notice is one event or one marker, as JSON. */
export const EVENT_CHANNEL = "quire_events";
/** Jobs queued to run at once; each notice is the queue's name. */
export const JOBS_CHANNEL = "quire_jobs";

type Channel = typeof EVENT_CHANNEL | typeof JOBS_CHANNEL;

/** Sends these notices when the caller's transaction commits (at once outside a transaction). */
export async function notifyAll(tx: Db, payloads: string[], channel: Channel = EVENT_CHANNEL): Promise<void> {
  if (payloads.length === 0) return;
  await tx.execute(sql`select pg_notify(${channel}, payload) from unnest(${sql.param(payloads)}::text[]) payload`);
}

/**
 * Listens on a channel on a connection of its own (node-postgres), or on the embedded database. `lost`
 * hears the connection break: notices sent meanwhile are lost, so the listener's owner starts again from the
 * database.
 */
export async function listenOnChannel(
  db: Db,
  handlers: { notice(payload: string): void; lost(error: Error): void },
  channel: Channel = EVENT_CHANNEL,
) {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error("a process listens on the database itself, not inside a transaction");
  if ("exec" in client) {
    const unlisten = await client.listen(channel, (payload) => handlers.notice(payload));
    return { close: () => unlisten() };
  }
  const listener = new pg.Client(client.options);
  listener.on("notification", (message) => handlers.notice(message.payload ?? ""));
  listener.on("error", (error) => handlers.lost(error));
  listener.on("end", () => handlers.lost(new Error("the listening connection ended")));
  await listener.connect();
  await listener.query(`listen ${channel}`);
  return {
    close: async () => {
      listener.removeAllListeners("end");
      listener.removeAllListeners("error");
      listener.on("error", () => {});
      await listener.end();
    },
  };
}
