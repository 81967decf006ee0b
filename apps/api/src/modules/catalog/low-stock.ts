import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * The merchant's low-stock rule, written once: a variant is low when its stock is at or below its own threshold,
 * or, when it has none, the store's setting (`storeThreshold`). Given the variant's two columns, from its table or
 * from an alias inside a subquery (`sql\`v.stock_quantity\``). What `GET /admin/stock/low` lists, the home page
 * counts and the products list's `stock=low` filter finds.
 */
export function isLowStock(variant: { stockQuantity: SQLWrapper; lowStockThreshold: SQLWrapper }, storeThreshold: number) {
  return sql<boolean>`${variant.stockQuantity} <= coalesce(${variant.lowStockThreshold}, ${storeThreshold}::int)`;
}
