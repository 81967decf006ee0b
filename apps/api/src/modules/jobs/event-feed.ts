import type { Db } from "../../db/client";
import type { DomainEvent, DomainEventType } from "./domain-events";
import { EVENT_BROADCASTS } from "./job-catalogue";
import { listenOnChannel, notifyAll } from "./event-feed.repository";

/*
 * The change feed of the copies a running process keeps (decision 044). A domain event is told to its
 * subscribers as jobs (publishEvent, job-queue.ts), each run once by some worker; an event in EVENT_BROADCASTS
 * is also told to every process listening here, when its transaction commits, so each process's copy (the
 * catalogue index, decision 028) follows the database without asking it. Notices are not kept: a process
 * that loses its connection misses some, and starts its copy again from the database.
 */

/** An event broadcast to listening processes. */
export type BroadcastEvent = DomainEvent<(typeof EVENT_BROADCASTS)[number]>;

/** Whether processes hear this event (and so whether publishEvent broadcasts it). */
export function isBroadcast(event: DomainEvent): event is BroadcastEvent {
  return (EVENT_BROADCASTS as readonly DomainEventType[]).includes(event.type);
}

/** Broadcasts the events in the caller's transaction: heard when it commits, never when it rolls back. */
export async function broadcastEvents(tx: Db, events: readonly BroadcastEvent[]): Promise<void> {
  await notifyAll(
    tx,
    events.map((event) => JSON.stringify(event)),
  );
}

/**
 * A marker on the feed: heard by every listener after everything committed before it was sent, so a listener
 * that hears its own marker has heard every change up to the moment it asked (the catalogue index's sync).
 */
export async function sendMarker(db: Db, marker: string): Promise<void> {
  await notifyAll(db, [JSON.stringify({ marker })]);
}

export interface FeedListener {
  event(event: BroadcastEvent): void;
  marker(marker: string): void;
  /** The connection broke: whatever was sent until the next listen is lost. */
  lost(error: Error): void;
}

/** Listens to the feed on a connection of its own; close() stops. */
export async function listenToFeed(db: Db, listener: FeedListener): Promise<{ close(): Promise<void> | void }> {
  return listenOnChannel(db, {
    notice(payload) {
      let notice: BroadcastEvent | { marker: string };
      try {
        notice = JSON.parse(payload) as BroadcastEvent | { marker: string };
      } catch {
        return; // not a notice of ours: only broadcastEvents and sendMarker write to the channel
      }
      if ("marker" in notice) listener.marker(notice.marker);
      else listener.event(notice);
    },
    lost: (error) => listener.lost(error),
  });
}
