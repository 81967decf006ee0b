import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { products } from "../modules/catalog/catalog.tables";
import { createMigratedDatabase } from "../testing/cluster-database";
import { eventually } from "../testing/eventually";
import { createProduct, createProductType, createStore } from "../testing/factories";
import { startPostgresCluster, startReplica, type PostgresCluster, type PostgresReplica } from "../testing/postgres-cluster";
import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET } from "../testing/test-constants";
import { openDatabase, type Database } from "./client";
import { readsWithFallback, type ReplicaReads } from "./replica-fallback";

/*
 * A read replica that stops (decision 039): catalogue reads go to the primary until it answers again, then back
 * to it; the API stays ready meanwhile. A primary and a streaming replica of this file's own (initdb, pg_ctl,
 * pg_basebackup on free ports), so the replica can be stopped without touching anything else.
 */

let primary: PostgresCluster;
let replica: PostgresReplica;
let primaryDb: Database;
let replicaDb: Database;
let reads: ReplicaReads;
const asked = { primary: 0, replica: 0 };
const switched = new EventEmitter();

beforeAll(async () => {
  primary = await startPostgresCluster();
  const { direct, url } = await createMigratedDatabase(primary, "quire_replica");
  const store = await createStore(direct.db);
  const type = await createProductType(direct.db, { storeId: store.id, code: "book", name: "Book" });
  await createProduct(direct.db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "the-standby",
    name: "The Standby",
    variants: [{ sku: "standby-hb", name: "Hardback", stockQuantity: 5, prices: { GBP: { amount: 1500 } } }],
  });
  await direct.close();
  replica = await startReplica(primary);
  await replica.caughtUp();
  // Only the catalogue's reads count: the fallback's probe of the replica (`select 1`, every 100 ms) may come
  // in the middle of a read the primary answers, and must not be taken for it.
  const catalogueRead = (sql: string) => /from "products"/.test(sql);
  primaryDb = await openDatabase({ url, onQuery: (sql) => void (catalogueRead(sql) && asked.primary++) });
  replicaDb = await openDatabase({ url: replica.url("quire_replica"), onQuery: (sql) => void (catalogueRead(sql) && asked.replica++) });
  reads = readsWithFallback(primaryDb, replicaDb, { probeIntervalMs: 100, onSwitch: () => switched.emit("change") });
}, 120_000);
afterAll(async () => {
  reads?.stop();
  await replicaDb?.close().catch(() => {});
  await primaryDb?.close();
  await replica?.destroy();
  await primary?.destroy();
});

/** Reads the catalogue through `reads.db` and says which database answered. */
async function readCatalogue() {
  const before = { ...asked };
  const rows = await reads.db.select({ name: products.name }).from(products);
  return {
    names: rows.map((row) => row.name),
    answeredBy: asked.replica > before.replica ? "replica" : asked.primary > before.primary ? "primary" : "nobody",
  };
}

describe("catalogue reads when the read replica stops", () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({
      db: primaryDb.db,
      readDb: reads.db,
      apiKeys: [TEST_API_KEY],
      tokenSecret: TEST_TOKEN_SECRET,
      storeCacheTtlMs: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("go to the replica while it answers, to the primary while it is stopped, and back to it once it answers again", async () => {
    expect(await readCatalogue()).toEqual({ names: ["The Standby"], answeredBy: "replica" });

    await replica.stop();
    await eventually("reads switched to the primary", () => !reads.usingReplica(), switched);
    expect(await readCatalogue()).toEqual({ names: ["The Standby"], answeredBy: "primary" });
    // The API stays in its balancer, and its catalogue answers.
    expect((await app.inject({ method: "GET", url: "/health/ready" })).statusCode).toBe(200);
    const list = await app.inject({ method: "GET", url: "/products", headers: TEST_HEADERS });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ data: { results: [{ name: "The Standby" }] } });

    await replica.start();
    await eventually("reads back on the replica", () => reads.usingReplica(), switched, 20_000);
    expect(await readCatalogue()).toEqual({ names: ["The Standby"], answeredBy: "replica" });
  });
});
