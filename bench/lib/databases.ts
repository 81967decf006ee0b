import { spawn } from "node:child_process";
import { once } from "node:events";
import { openSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export const DEMO_STORE_KEY = "quire-demo";

/** A catalogue size the benchmark runs at: the demo shop alone, or the demo shop plus N generated books. */
export interface Scale {
  name: string;
  /** Generated books on top of the demo shop's. */
  products: number;
}

export const SCALES: Record<string, Scale> = {
  demo: { name: "demo", products: 0 },
  "100k": { name: "100k", products: 100_000 },
  "1m": { name: "1m", products: 1_000_000 },
};

/** Generated books the benchmark seeds by itself; past this it only uses a database that already holds them. */
const MAX_SEEDED_BY_BENCH = 100_000;

export interface ScaleDatabase {
  url: string;
  /** The benchmark's own database, which it migrates; false for one it was given or borrows, left as it is. */
  owned: boolean;
  products: number;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on a database, or answers null when the database does not exist. */
async function queryOrNull<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[] | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === "3D000") return null; // invalid_catalog_name: no such database
    throw error;
  }
  try {
    return (await client.query<T>(sql, params)).rows;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null; // undefined_table: not migrated
    throw error;
  } finally {
    await client.end();
  }
}

/** Visible products of the demo store in a database; null when the database or its tables do not exist. */
export async function countProducts(url: string): Promise<number | null> {
  const rows = await queryOrNull<{ count: string }>(
    url,
    "select count(*) as count from products where is_published and store_id = (select id from stores where key = $1)",
    [DEMO_STORE_KEY],
  );
  return rows ? Number(rows[0]?.count ?? 0) : null;
}

async function createDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Runs one of the API's built command-line tools (migrate.js, seed.js) against a database. */
async function runApiCli(root: string, script: string, args: string[], url: string, logFile: string) {
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(root, "apps", "api", "dist", script), ...args], {
    cwd: path.join(root, "apps", "api"),
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
    stdio: ["ignore", log, log],
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${script} ${args.join(" ")} failed (exit ${code}); see ${logFile}`);
}

/**
 * The database of a scale. The demo shop is the benchmark's own `quire_bench_demo`: created when missing,
 * migrated and seeded afresh on every run. A large scale reuses a database that already holds its catalogue:
 * `quire_bench_<scale>` (the benchmark's own, migrated and topped up) or `quire_scale_<scale>` (borrowed, left
 * as it is); up to 100k the benchmark creates and seeds `quire_bench_<scale>` itself. `given` (--database
 * scale=url) wins over all of these and is left as it is. Answers null, with the reason, when there is none.
 */
export async function prepareDatabase(
  scale: Scale,
  options: { serverUrl: string; root: string; logFile: string; given?: string; say: (line: string) => void },
): Promise<ScaleDatabase | { skipped: string }> {
  const expected = scale.products;
  if (options.given) {
    const products = await countProducts(options.given);
    if (products === null) return { skipped: `${options.given} holds no Quire catalogue` };
    return { url: options.given, owned: false, products };
  }
  const ownName = `quire_bench_${scale.name}`;
  const own = databaseUrl(options.serverUrl, ownName);
  if (scale.products === 0) {
    await createDatabase(options.serverUrl, ownName);
    options.say(`database ${ownName}: migrating and seeding the demo shop afresh`);
    await runApiCli(options.root, "migrate.js", [], own, options.logFile);
    await runApiCli(options.root, "seed.js", [], own, options.logFile);
    return { url: own, owned: true, products: (await countProducts(own)) ?? 0 };
  }

  const ownProducts = await countProducts(own);
  if (ownProducts !== null && ownProducts >= expected) {
    options.say(
      `database ${ownName}: ${ownProducts.toLocaleString("en-GB")} products, reused (migrations applied, queued search documents written)`,
    );
    await runApiCli(options.root, "migrate.js", [], own, options.logFile);
    // The API runs without its worker here: products a migration queued for the search index are written now.
    await runApiCli(options.root, "search.js", ["index-queued"], own, options.logFile);
    return { url: own, owned: true, products: ownProducts };
  }
  const borrowedName = `quire_scale_${scale.name}`;
  const borrowed = databaseUrl(options.serverUrl, borrowedName);
  const borrowedProducts = await countProducts(borrowed);
  if (borrowedProducts !== null && borrowedProducts >= expected) {
    options.say(`database ${borrowedName}: ${borrowedProducts.toLocaleString("en-GB")} products, used as it is (not migrated)`);
    return { url: borrowed, owned: false, products: borrowedProducts };
  }
  if (expected > MAX_SEEDED_BY_BENCH) {
    return {
      skipped:
        `no database holds ${expected.toLocaleString("en-GB")} products (${ownName} or ${borrowedName}); seed one first ` +
        `(createdb ${ownName} && DATABASE_URL=${own} npm run db:seed -- --if-empty --products ${expected}: hours, not minutes)`,
    };
  }
  await createDatabase(options.serverUrl, ownName);
  options.say(`database ${ownName}: seeding ${expected.toLocaleString("en-GB")} products (about 4 minutes per 100,000)`);
  await runApiCli(options.root, "migrate.js", [], own, options.logFile);
  await runApiCli(options.root, "seed.js", ["--if-empty", "--products", String(expected)], own, options.logFile);
  return { url: own, owned: true, products: (await countProducts(own)) ?? 0 };
}

/** What the benchmark asks for at a scale, chosen in SQL so that no API request is made (and warmed) first. */
export interface CatalogueChoice {
  /** The top-level category holding the most products, and how many. */
  category: { id: number; slug: string; products: number };
  /** The most common values of filterable attributes, most common first: a filter each, for cold requests. */
  filters: { code: string; value: string }[];
  /**
   * The demo shop's first product with add-ons (so the page renders its add-on choices too), else its first:
   * the same book at every scale, as the demo shop is seeded before any generated book.
   */
  productSlug: string;
}

export async function chooseCatalogue(url: string): Promise<CatalogueChoice> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const store = await client.query<{ id: number }>("select id from stores where key = $1", [DEMO_STORE_KEY]);
    const storeId = store.rows[0]?.id;
    if (storeId === undefined) throw new Error(`No store "${DEMO_STORE_KEY}" in ${url}`);
    const categories = await client.query<{ id: number; slug: string; products: string }>(
      `select root.id, root.slug, count(distinct pc.product_id) as products
         from categories root
         join categories inside on inside.path like root.path || '%' and inside.store_id = root.store_id
         join product_categories pc on pc.category_id = inside.id
        where root.store_id = $1 and root.parent_id is null and root.is_visible
        group by root.id, root.slug order by products desc, root.id limit 1`,
      [storeId],
    );
    const filters = await client.query<{ code: string; value: string }>(
      `select a.code, av.code as value
         from product_attribute_values pav
         join attribute_values av on av.id = pav.attribute_value_id
         join attributes a on a.id = av.attribute_id
        where a.store_id = $1 and a.is_filterable
        group by a.code, av.code order by count(*) desc, a.code, av.code limit 6`,
      [storeId],
    );
    const withAddons = await client.query<{ slug: string }>(
      `select p.slug from product_addons pa join products p on p.id = pa.product_id
        where p.store_id = $1 and p.is_published order by p.id limit 1`,
      [storeId],
    );
    const products = withAddons.rows.length
      ? withAddons
      : await client.query<{ slug: string }>("select slug from products where store_id = $1 and is_published order by id limit 1", [
          storeId,
        ]);
    const category = categories.rows[0];
    const productSlug = products.rows[0]?.slug;
    if (!category || !productSlug || filters.rows.length === 0)
      throw new Error(`The catalogue in ${url} has no category, filter or product`);
    return { category: { id: category.id, slug: category.slug, products: Number(category.products) }, filters: filters.rows, productSlug };
  } finally {
    await client.end();
  }
}

/**
 * Waits until no query runs on the database any more (up to `maxMs`): a request the load generator gave up
 * on goes on running in PostgreSQL, and would otherwise weigh on the next measurement. Answers how long it
 * waited, and whether the database was idle by then.
 */
export async function waitForIdleDatabase(url: string, maxMs: number): Promise<{ waitedMs: number; idle: boolean }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ active: string }>(
        "select count(*) as active from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      const idle = Number(rows[0]?.active ?? 0) === 0;
      if (idle || Date.now() - started >= maxMs) return { waitedMs: Date.now() - started, idle };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}
