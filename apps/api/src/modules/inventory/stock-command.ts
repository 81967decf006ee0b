import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { findStoreByKey } from "../stores/stores.service";
import { findVariantIdBySku } from "../catalog/variant-stock.service";
import { setVariantStock, type StockChange } from "./inventory.service";

export const STOCK_USAGE = `Usage: npm run stock:set --workspace @quire/api -- --sku <SKU> --quantity <N> [--store <key>]

Sets the stock of one variant. When it goes from 0 to more, everyone who asked for it and confirmed
their address gets one back-in-stock email, queued by the API's job worker.

  --sku       the variant's SKU, exactly as stored (e.g. QB-000083-HB)
  --quantity  the new stock, a whole number of 0 or more
  --store     the store key (default: quire-demo)

Uses DATABASE_URL, or the embedded database under .data/ (stop the API first: it holds that database).`;

export interface StockOptions {
  help: boolean;
  sku: string;
  quantity: number;
  storeKey: string;
}

/** Reads the command's arguments; throws with a readable message when they are wrong. */
export function parseStockArgs(argv: string[]): StockOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sku: { type: "string" },
      quantity: { type: "string" },
      store: { type: "string", default: "quire-demo" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true, sku: "", quantity: 0, storeKey: values.store };
  const sku = values.sku?.trim();
  if (!sku) throw new Error("--sku is required");
  if (values.quantity === undefined || !/^\d{1,10}$/.test(values.quantity.trim())) {
    throw new Error("--quantity must be a whole number of 0 or more");
  }
  return { help: false, sku, quantity: Number(values.quantity.trim()), storeKey: values.store };
}

/** Finds the variant by SKU and sets its stock; throws when the store or SKU is unknown. */
export async function runStockCommand(db: Db, options: StockOptions): Promise<StockChange & { sku: string }> {
  const store = await findStoreByKey(db, options.storeKey);
  const variantId = store ? await findVariantIdBySku(db, { storeId: store.id, sku: options.sku }) : null;
  if (!store || variantId === null) throw new Error(`Store "${options.storeKey}" has no variant with SKU ${options.sku}`);
  const change = await setVariantStock(db, { storeId: store.id, variantId, quantity: options.quantity });
  return { ...change, sku: options.sku };
}
