import type { CatalogueFileFormat } from "@quire/contracts";

/** The formats a merchant chooses between, as the forms name them. */
export const CATALOGUE_FORMAT_OPTIONS = [
  { value: "shopify", label: "Shopify product CSV" },
  { value: "quire", label: "Quire catalogue CSV" },
] as const satisfies readonly { value: CatalogueFileFormat; label: string }[];

/** An import still to finish: its progress page reloads itself (no JavaScript needed) until it is done. */
export function importInProgress(status: string | undefined): boolean {
  return status === "queued" || status === "running";
}

/** How often, in seconds, the progress page of an import in progress reloads itself. */
export const IMPORT_REFRESH_SECONDS = 2;

/** The progress page's refresh, as a meta descriptor: only while the import is in progress. */
export function importRefreshMeta(status: string | undefined): { httpEquiv: string; content: string }[] {
  return importInProgress(status) ? [{ httpEquiv: "refresh", content: String(IMPORT_REFRESH_SECONDS) }] : [];
}
