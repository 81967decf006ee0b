import { pingDatabase, type Database, type Db } from "./client";

/** How often the replica is asked whether it answers (a `select 1`): when it stops, and when it is back. */
export const REPLICA_PROBE_INTERVAL_MS = 2_000;

export interface ReplicaReads {
  /** The database catalogue reads go to: the replica while it answers, else the primary. */
  db: Db;
  /** Whether reads go to the replica now. */
  usingReplica(): boolean;
  /** Stops probing. */
  stop(): void;
}

/**
 * Catalogue reads on the read replica while it answers, and on the primary while it does not (issue 13,
 * decision 039): a replica that stops (a failover, maintenance, a crash) costs the shop its offload, not its
 * catalogue, and the APIs stay in their balancer (readiness asks the primary alone). The replica is asked every
 * `probeIntervalMs` whether it answers; a connection of its that breaks switches reads to the primary at once,
 * and the first probe that succeeds switches them back. Reads already running on the replica when it stops fail
 * as any call that loses its database does (503 with Retry-After).
 *
 * `db` is a stand-in for the Drizzle database that hands each use to whichever side is current, so every
 * repository keeps taking a plain `Db`.
 */
export function readsWithFallback(
  primary: Pick<Database, "db">,
  replica: Pick<Database, "db" | "watchConnection">,
  {
    probeIntervalMs = REPLICA_PROBE_INTERVAL_MS,
    ping = pingDatabase,
    onSwitch,
  }: { probeIntervalMs?: number; ping?: (db: Db) => Promise<void>; onSwitch?: (toReplica: boolean) => void } = {},
): ReplicaReads {
  let replicaAnswers = true;
  const switchTo = (toReplica: boolean) => {
    if (replicaAnswers === toReplica) return;
    replicaAnswers = toReplica;
    onSwitch?.(toReplica);
  };
  replica.watchConnection({ lost: () => switchTo(false), restored: () => {} });

  let probing = false;
  const probe = setInterval(() => {
    if (probing) return;
    probing = true;
    ping(replica.db)
      .then(
        () => switchTo(true),
        () => switchTo(false),
      )
      .finally(() => {
        probing = false;
      });
  }, probeIntervalMs);
  probe.unref();

  const db = new Proxy(replica.db, {
    get(_target, property) {
      const current = replicaAnswers ? replica.db : primary.db;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
  return { db, usingReplica: () => replicaAnswers, stop: () => clearInterval(probe) };
}
