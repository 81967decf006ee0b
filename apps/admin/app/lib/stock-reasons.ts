import type { StockMovementReason } from "@quire/contracts";

/** Why stock moved, in words: the six a merchant gives first (the adjust and set forms' choices), then the shop's own. */
export const STOCK_REASON_LABELS: Record<StockMovementReason, string> = {
  received: "Delivery received",
  count: "Stock count",
  returned: "Returned to stock",
  damaged: "Damaged",
  lost: "Lost",
  correction: "Correction",
  order: "Order placed",
  cancellation: "Order cancelled",
  bulk_edit: "Bulk edit",
};

/** The reasons a member of staff may give, as a select's options. */
export const MERCHANT_STOCK_REASONS = (["received", "count", "returned", "damaged", "lost", "correction"] as const).map((value) => ({
  value,
  label: STOCK_REASON_LABELS[value],
}));

/** A change of stock with its sign: "+12", "-2". */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}
