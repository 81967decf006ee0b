import type { InventoryAvailability, Stock } from "@quire/contracts";
import { getStockLabel, type StockTone } from "./stock-label";

const TONES: Record<StockTone, { text: string; dot: string }> = {
  in: { text: "text-success", dot: "bg-success" },
  low: { text: "text-warning", dot: "bg-warning" },
  out: { text: "text-ink-muted", dot: "bg-ink-muted" },
};

/** Stock as the store's inventoryAvailability mode allows; nothing at all under None. */
export function StockBadge({ stock, mode, className = "" }: { stock: Stock | null; mode: InventoryAvailability; className?: string }) {
  const label = getStockLabel(stock, mode);
  if (!label) return null;
  const tone = TONES[label.tone];
  return (
    <p className={`inline-flex items-center gap-1.5 text-sm font-medium ${tone.text} ${className}`}>
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${tone.dot}`} />
      {label.text}
    </p>
  );
}
