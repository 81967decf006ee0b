import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A PostgreSQL server of a test's own, which the test may stop and start again. */
export interface PostgresCluster {
  port: number;
  /** Connection string for `database` (default `postgres`) as the `postgres` superuser. */
  url(database?: string): string;
  /** Stops the server as `pg_ctl stop -m fast` does: sessions are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it at once, if running, and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * Finds initdb and pg_ctl: Debian and Ubuntu keep them in /usr/lib/postgresql/<version>/bin (the newest is
 * taken), other systems on PATH. Missing binaries fail the test, under CI as everywhere: nothing is skipped.
 */
function findPostgresBinaries(): string {
  const debianRoot = "/usr/lib/postgresql";
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...versions.map((version) => path.join(debianRoot, version, "bin")),
    ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      "This test starts a PostgreSQL server of its own and needs its binaries (initdb, pg_ctl), found in neither " +
        `/usr/lib/postgresql/<version>/bin nor PATH${process.env.CI ? " (CI)" : ""}: install them (apt-get install -y postgresql).`,
    );
  }
  return found;
}

/** A port nothing listens on right now: the system picks one for port 0. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Creates a throwaway cluster in a temporary folder (initdb) and starts it on a free port, listening on
 * 127.0.0.1 only, trusting local connections, with fsync off: its data does not outlive the test. initdb
 * refuses to run as root, so as root (CI) the server runs as the `postgres` OS user.
 */
export async function startPostgresCluster(options: { preparedTransactions?: number } = {}): Promise<PostgresCluster> {
  // Prepared transactions (off by default): a lock that outlives its session and the server's stop.
  const prepared = options.preparedTransactions ? ` -c max_prepared_transactions=${options.preparedTransactions}` : "";
  const server = await ownServer("quire-pg-", { extraOptions: `-c full_page_writes=off${prepared}`, startTimeoutSeconds: 30 });
  try {
    await server.run("initdb", [
      "-D",
      server.dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
      "--no-instructions",
    ]);
    await server.startOnFreePort();
    return server.cluster;
  } catch (error) {
    await server.cluster.destroy();
    throw error;
  }
}

/**
 * A PostgreSQL server's files in a temporary folder of their own (owned by the `postgres` OS user when running
 * as root, as initdb and the server refuse root), and its control: `run` runs one of the server's programs there
 * (its failure carries the end of the server's log), `cluster` starts, stops and deletes it. The caller fills
 * `dataDir` (initdb, or a base backup), then calls `startOnFreePort`.
 */
async function ownServer(prefix: string, { extraOptions, startTimeoutSeconds }: { extraOptions: string; startTimeoutSeconds: number }) {
  const bin = findPostgresBinaries();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (asRoot) {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    await chown(dir, Number(uid.stdout), Number(gid.stdout));
  }

  const runProgram = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    try {
      await (asRoot ? run("runuser", ["-u", "postgres", "--", file, ...args], { cwd: dir }) : run(file, args, { cwd: dir }));
    } catch (error) {
      const log = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(`${program} ${args.join(" ")} failed: ${(error as Error).message}\n${log.slice(-4000)}`, { cause: error });
    }
  };

  let port = 0;
  let running = false;
  const cluster: PostgresCluster = {
    get port() {
      return port;
    },
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${extraOptions}`;
      // -w returns once the server accepts connections (a standby: once it is consistent and answers reads).
      await runProgram("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", String(startTimeoutSeconds), "-o", options]);
      running = true;
    },
    async stop() {
      await runProgram("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "30"]);
      running = false;
    },
    async destroy() {
      try {
        if (running) await runProgram("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"]);
      } finally {
        running = false;
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
  return {
    dataDir,
    logFile,
    cluster,
    run: runProgram,
    async startOnFreePort() {
      port = await freePort();
      await cluster.start();
    },
  };
}

/** A hot standby of a test's own cluster, streaming its WAL: read-only, as a read replica in production is. */
export interface PostgresReplica extends PostgresCluster {
  /**
   * Resolves once the replica has replayed everything the primary had written when this was called (the
   * primary's `pg_current_wal_lsn()` against the replica's `pg_last_wal_replay_lsn()`); fails after `timeoutMs`.
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  /**
   * Stops applying the primary's changes (it still receives them), as a replica far behind would be; resolves
   * once the replica says replay is paused. `resumeReplay()` carries on from there.
   */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
}

/** Runs one query on a fresh connection and answers its first row's first column. */
async function queryValue(url: string, statement: string, params: unknown[] = []): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query({ text: statement, values: params, rowMode: "array" });
    return (result.rows[0] as unknown[] | undefined)?.[0];
  } finally {
    await client.end();
  }
}

/**
 * Starts a streaming replica of `primary` on a free port: `pg_basebackup -R` copies the running primary and
 * writes the standby's connection settings, and the copy starts as a hot standby that answers reads. The
 * primary needs nothing more than initdb gave it (wal_level replica, WAL senders, and `-A trust` lets
 * 127.0.0.1 connect for replication). Stopping or destroying the replica leaves the primary running.
 */
export async function startReplica(primary: PostgresCluster): Promise<PostgresReplica> {
  const server = await ownServer("quire-pg-replica-", { extraOptions: "-c hot_standby=on", startTimeoutSeconds: 60 });
  const { logFile } = server;
  const replica: PostgresReplica = Object.assign(server.cluster, {
    async caughtUp(timeoutMs = 30_000) {
      const target = String(await queryValue(primary.url(), "select pg_current_wal_lsn()::text"));
      const deadline = Date.now() + timeoutMs;
      // The standby reports its replay position only when asked: ask until it has passed the primary's.
      for (;;) {
        const replayed = await queryValue(replica.url(), "select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false)", [target]);
        if (replayed === true) return;
        if (Date.now() > deadline) {
          const log = await readFile(logFile, "utf8").catch(() => "");
          throw new Error(`The replica did not replay the primary's WAL up to ${target} within ${timeoutMs} ms:\n${log.slice(-4000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async pauseReplay() {
      await queryValue(replica.url(), "select pg_wal_replay_pause()");
      // Asking for a pause only requests it: it takes effect before the next record is replayed.
      const deadline = Date.now() + 10_000;
      while ((await queryValue(replica.url(), "select pg_get_wal_replay_pause_state()")) !== "paused") {
        if (Date.now() > deadline) throw new Error("The replica did not pause its replay within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async resumeReplay() {
      await queryValue(replica.url(), "select pg_wal_replay_resume()");
    },
  });

  try {
    // -X stream: the WAL written during the copy comes along, so the copy is consistent on its own; -R: the
    // standby.signal file and primary_conninfo, so it starts as a standby streaming from the primary.
    await server.run("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primary.port),
      "-U",
      "postgres",
      "-D",
      server.dataDir,
      "-R",
      "-X",
      "stream",
      "--checkpoint=fast",
      "--no-sync",
    ]);
    await server.startOnFreePort();
    return replica;
  } catch (error) {
    await replica.destroy();
    throw error;
  }
}
