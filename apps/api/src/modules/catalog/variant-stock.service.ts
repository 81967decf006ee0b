/*
 * What the catalogue answers about its variants' stock, for the inventory module, which decides how stock
 * changes (catalog/variant-stock.repository.ts holds the SQL).
 */
export {
  countLowStockVariants,
  findStoreVariant,
  findVariantIdBySku,
  findVariantStockView,
  listLowStockVariants,
  lockVariantStock,
  takeStock,
  writeLowStockThreshold,
  writeVariantStock,
  type StoreVariantRow,
  type VariantStockView,
} from "./variant-stock.repository";
