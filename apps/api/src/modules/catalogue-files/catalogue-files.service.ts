/*
 * The catalogue-files module (decision 053): reading and writing catalogue CSV files, and keeping imports (their
 * products as read, their progress). Writing the products is the catalogue's; the import flow joins the two.
 */
export {
  decodeCatalogueFile,
  readCatalogueFile,
  slugOf,
  UnreadableCatalogueFile,
  type ImageDraft,
  type ProductDraft,
  type ReadCatalogue,
  type VariantDraft,
} from "./catalogue-csv";
export { catalogueHeader, catalogueRows, exportLookups, type ExportImage, type ExportNames } from "./catalogue-csv-export";
export { sameSafety } from "./catalogue-safety-columns";
export {
  addImportWarnings,
  findImport,
  findImportForRun,
  finishImport,
  insertImport,
  listImports,
  markImportRunning,
  nextPendingProducts,
  nextProductsWithImages,
  settleProducts,
  type ProductOutcome,
} from "./catalogue-files.repository";
export type { ImportRequester } from "./catalogue-files.tables";
