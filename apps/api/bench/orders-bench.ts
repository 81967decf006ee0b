/**
 * Orders benchmark: `npm run bench:orders --workspace @quire/api [-- --duration 10 --buyers 10]`.
 *
 * Needs PostgreSQL (DATABASE_URL names the server; the bench makes a database of its own on it, and drops it
 * after). It migrates and seeds the demo shop, prepares guest baskets ready to order (a book, a UK address, a
 * delivery option) and places orders from `--buyers` concurrent buyers for `--duration` seconds, in-process
 * through the API's routes, printing orders per second and latency. Then, on the same server, it runs
 * `pgbench` (TPC-B-like, scale 10) with as many clients, so the figure can be read beside what PostgreSQL
 * itself does on this machine.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/app";
import { openDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { loadEnv, resolveTokenSecret } from "../src/env";
import { DEMO_STORE_KEY } from "../src/seed/demo-shop";
import { runSeed } from "../src/seed/run-seed";

const { values: args } = parseArgs({
  options: { duration: { type: "string", default: "10" }, buyers: { type: "string", default: "10" } },
  strict: true,
});
const duration = Number(args.duration);
const buyers = Number(args.buyers);
if (!Number.isInteger(duration) || duration < 1 || duration > 300) throw new Error("--duration takes whole seconds from 1 to 300");
if (!Number.isInteger(buyers) || buyers < 1 || buyers > 100) throw new Error("--buyers takes 1 to 100");

const env = loadEnv();
if (!env.DATABASE_URL)
  throw new Error("The orders bench needs PostgreSQL: set DATABASE_URL (it makes and drops a database of its own there)");
const serverUrl = new URL(env.DATABASE_URL);
const benchName = `quire_orders_bench_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${benchName}`;

await admin(`CREATE DATABASE "${benchName}"`);
try {
  const database = await openDatabase({ url: benchUrl.toString(), maxConnections: Math.max(10, buyers * 2) });
  try {
    await runMigrations(database);
    const { storeId } = await runSeed(database.db, { ifEmpty: false, products: 0 });
    const db = database.db;
    // Plenty of every book, no minimum order: the bench measures placing orders, not refusing them.
    await db.execute(sql`update product_variants set stock_quantity = 1000000 where store_id = ${storeId}`);
    await db.execute(sql`delete from store_minimum_order_prices where store_id = ${storeId}`);
    const [option] = (
      (await db.execute(
        sql`select o.id from delivery_zone_options o join delivery_zones z on z.id = o.zone_id
            where z.store_id = ${storeId} and 'GB' = any(z.country_codes) and o.kind = 'standard'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const variants = (
      (await db.execute(
        sql`select v.id from product_variants v join variant_prices p on p.variant_id = v.id and p.currency_code = 'GBP'
            where v.store_id = ${storeId} order by v.id limit 200`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);

    // Enough baskets for the run: a generous guess of orders per second, times the duration.
    const count = Math.max(2000, duration * 500);
    const anonymousIds = Array.from({ length: count }, (_, index) => `orders-bench-${String(index).padStart(7, "0")}-abcdefghijkl`);
    const carts = (
      (await db.execute(
        sql`insert into carts (store_id, anonymous_id) select ${storeId}, unnest(${sql.param(anonymousIds)}::text[]) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    await db.execute(
      sql`insert into cart_lines (cart_id, variant_id, item_name, quantity)
          select c.id, (${sql.param(variants)}::int[])[1 + (c.n % ${variants.length})], 'book', 1 + (c.n % 3)
          from unnest(${sql.param(carts)}::int[]) with ordinality as c(id, n)`,
    );
    const address = JSON.stringify({
      firstName: "Bench",
      lastName: "Buyer",
      line1: "1 High Street",
      city: "London",
      postcode: "SW1A 1AA",
      countryCode: "GB",
    });
    await db.execute(
      sql`insert into cart_checkouts (cart_id, email, first_name, last_name, delivery_address, delivery_zone_option_id)
          select id, 'bench-' || id || '@example.com', 'Bench', 'Buyer', ${address}::jsonb, ${option!.id} from unnest(${sql.param(carts)}::int[]) as id`,
    );
    await db.execute(sql`analyze`);

    const app = await buildApp({ db, apiKeys: env.API_KEYS, tokenSecret: resolveTokenSecret(env) });
    const headers = { "api-key": env.API_KEYS[0]!, storekey: DEMO_STORE_KEY, "content-type": "application/json" };
    let next = 0;
    const latencies: number[] = [];
    const failures = new Map<string, number>();
    const deadline = performance.now() + duration * 1000;
    const buyer = async () => {
      while (performance.now() < deadline && next < anonymousIds.length) {
        const anonymousId = anonymousIds[next++]!;
        const started = performance.now();
        const response = await app.inject({
          method: "POST",
          url: "/orders",
          headers,
          payload: JSON.stringify({ anonymousBasketId: anonymousId, termsAccepted: true }),
        });
        latencies.push(performance.now() - started);
        if (response.statusCode !== 201) {
          const code = `${response.statusCode} ${(response.json() as { errors?: { code: string }[] }).errors?.[0]?.code ?? ""}`;
          failures.set(code, (failures.get(code) ?? 0) + 1);
        }
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: buyers }, buyer));
    const seconds = (performance.now() - began) / 1000;
    await app.close();
    latencies.sort((a, b) => a - b);
    const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!.toFixed(1);
    const placed = latencies.length - [...failures.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `orders: ${placed} placed by ${buyers} concurrent buyers in ${seconds.toFixed(1)} s = ${(placed / seconds).toFixed(1)} orders/s; ` +
        `latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms` +
        (failures.size > 0 ? `; refused: ${[...failures].map(([code, n]) => `${code} ×${n}`).join(", ")}` : ""),
    );
  } finally {
    await database.close();
  }

  // PostgreSQL's own yardstick on the same server, same number of clients.
  const pgbench = (extra: string[]) =>
    spawnSync("pgbench", [...extra, benchUrl.toString()], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const init = pgbench(["-i", "-s", "10", "-q"]);
  if (init.error) {
    console.log(`pgbench: not run (${init.error.message}); install PostgreSQL's client tools to compare`);
  } else {
    const run = pgbench(["-c", String(buyers), "-j", "2", "-T", String(duration)]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    console.log(
      tps ? `pgbench: ${tps} TPS (TPC-B-like, scale 10, ${buyers} clients, ${duration} s)` : `pgbench: ${run.stderr || run.stdout}`,
    );
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS "${benchName}" WITH (FORCE)`);
}
