import { parseArgs } from "node:util";
import type { Db } from "../db/client";
import { ALL_TABLES, vacuumAnalyze } from "../db/table-statistics";
import { seedDemoIdentity } from "./demo-identity";
import { DEMO_STORE, DEMO_STORE_KEY } from "./demo-shop";
import { deleteStore, findStoreId, lockSeeding } from "./seed.repository";
import { seedDemoShop } from "./seed-demo-shop";
import { seedLargeCatalogue } from "./seed-large-catalogue";
import { rebuildStoreIndex } from "../modules/catalog/search/search-index";

export interface SeedOptions {
  /** Keep an existing demo store as it is instead of replacing it. */
  ifEmpty: boolean;
  /** Size of the large benchmark catalogue added to the demo store (0: none). */
  products: number;
}

export const SEED_USAGE = `Usage: db:seed [--if-empty] [--products N]

Seeds the demo shop "${DEMO_STORE_KEY}" (Quire Books: about 320 gift books, pages, menu, redirects).
  --if-empty     keep the demo store if it exists (npm start runs this on every start)
  --products N   also give the demo store a large generated catalogue of N more books, for
                 benchmarks; with --if-empty an existing catalogue is topped up to N
Without --if-empty an existing demo store is deleted and seeded afresh.`;

/** Reads the seed's command-line flags; throws a message fit for the terminal when they are wrong. */
export function parseSeedArgs(argv: string[]): SeedOptions & { help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      "if-empty": { type: "boolean", default: false },
      products: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const products = values.products === undefined ? 0 : Number(values.products.replaceAll("_", ""));
  if (!Number.isInteger(products) || products < 0 || products > 5_000_000) {
    throw new Error(`--products takes a whole number from 0 to 5000000, not "${values.products}"`);
  }
  return { ifEmpty: values["if-empty"], products, help: values.help };
}

export interface SeedReport {
  storeId: number;
  demo: "created" | "replaced" | "kept";
  largeCatalogueAdded: number;
  /** The demo trade invitation's link, when the demo store was (re)created. */
  demoInviteUrl?: string;
}

/**
 * Seeds the demo store, then the large catalogue if asked. The demo part is one transaction under an
 * advisory lock: it either appears whole or not at all, and concurrent starts cannot seed it twice. When it
 * wrote anything, it ends with VACUUM (ANALYZE) of every table (the demo shop fills most of them, and replacing it
 * deletes from all of them), so the first queries plan on real statistics and can scan index-only. That cannot
 * run in a transaction: `db` is the database itself.
 */
export async function runSeed(
  db: Db,
  options: SeedOptions,
  progress: { onDemoBook?: (done: number, total: number) => void; onLargeCatalogue?: (done: number, total: number) => void } = {},
  links: { storefrontUrl?: string } = {},
): Promise<SeedReport> {
  const demo = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    const existing = await findStoreId(tx, DEMO_STORE_KEY);
    if (existing !== null && options.ifEmpty) return { storeId: existing, demo: "kept" as const };
    if (existing !== null) await deleteStore(tx, existing);
    const storeId = await seedDemoShop(tx, progress.onDemoBook);
    const identity = await seedDemoIdentity(
      tx,
      { id: storeId, name: DEMO_STORE.name ?? DEMO_STORE_KEY, countryCodes: DEMO_STORE.countryCodes ?? [] },
      links.storefrontUrl ?? "http://localhost:3000",
    );
    return { storeId, demo: existing === null ? ("created" as const) : ("replaced" as const), demoInviteUrl: identity.inviteUrl };
  });
  const largeCatalogueAdded =
    options.products > 0 ? await seedLargeCatalogue(db, demo.storeId, options.products, progress.onLargeCatalogue) : 0;
  if (demo.demo !== "kept" || largeCatalogueAdded > 0) {
    // Written here, not left to the worker: a seeded shop is searchable the moment the seed ends.
    await rebuildStoreIndex(db, demo.storeId);
    await vacuumAnalyze(db, ALL_TABLES);
  }
  return { ...demo, largeCatalogueAdded };
}
