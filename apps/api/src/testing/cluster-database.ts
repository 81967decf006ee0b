import pg from "pg";
import { openDatabase, type Database } from "../db/client";
import { runMigrations } from "../db/migrate";
import type { PostgresCluster } from "./postgres-cluster";
import type { TcpProxy } from "./tcp-proxy";

/**
 * A new, migrated database `name` on a test's own cluster: `direct` is open on it for the test's own reads and
 * writes; `url` is what a process under test connects to, through `through` (a proxy) when given.
 */
export async function createMigratedDatabase(
  cluster: PostgresCluster,
  name: string,
  through?: TcpProxy,
): Promise<{ direct: Database; url: string }> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const direct = await openDatabase({ url: cluster.url(name) });
  await runMigrations(direct);
  const url = through ? `postgres://postgres@127.0.0.1:${through.port}/${name}` : cluster.url(name);
  return { direct, url };
}
