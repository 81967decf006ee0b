import type { InventoryAvailability, Stock } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/catalog";

export type StockTone = "in" | "low" | "out";
export interface StockLabel {
  tone: StockTone;
  text: string;
}

/**
 * What to say about stock under the store's inventoryAvailability mode (docs/storefront-behaviour/catalogue.md). The
 * API already leaves out what a mode does not show; the mode is checked here too so a page never says more than the
 * store chose to (a quantity under InStock, "low stock" under InStock, anything under None).
 *
 * - None: nothing.
 * - InStock: "In stock" / "Out of stock".
 * - LowStockAlert: adds "Only 3 left" (when the API gives the quantity) or "Low stock".
 * - AvailableQuantity: "12 in stock", "Only 3 left" when low, "Out of stock".
 */
export function getStockLabel(stock: Stock | null, mode: InventoryAvailability): StockLabel | null {
  if (!stock || mode === "None") return null;
  if (stock.status === "OutOfStock" || (mode === "AvailableQuantity" && stock.quantity === 0)) {
    return { tone: "out", text: t("catalog.stock.out") };
  }
  const quantity = stock.quantity;
  const lowShown = stock.status === "LowStock" && (mode === "LowStockAlert" || mode === "AvailableQuantity");
  if (lowShown) {
    return { tone: "low", text: quantity !== undefined ? t("catalog.stock.only_left", { quantity }) : t("catalog.stock.low") };
  }
  if (mode === "AvailableQuantity" && quantity !== undefined) return { tone: "in", text: t("catalog.stock.in_quantity", { quantity }) };
  return { tone: "in", text: t("catalog.stock.in") };
}
