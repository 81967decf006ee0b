/** The inputs of a row of the bulk edit grid. */
export type BulkField = "price" | "sale" | "stock" | "published";

/** The id of a row's input, for its label and for the error summary's links. */
export function bulkInputId(variantId: number, field: BulkField): string {
  return `row-${variantId}-${field}`;
}

/** What became of a row the form changed: saved, or refused with its messages (and the inputs they are about). */
export type BulkRowOutcome = { saved: true } | { saved: false; messages: string[]; fields: BulkField[] };
