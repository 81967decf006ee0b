/*
 * What the catalogue answers about its variants' stock, for the inventory module, which decides how stock
 * changes (catalog/variant-stock.repository.ts holds the SQL).
 */
export {
  findStoreVariant,
  findVariantIdBySku,
  lockVariantStock,
  takeStock,
  writeVariantStock,
  type StoreVariantRow,
} from "./variant-stock.repository";
