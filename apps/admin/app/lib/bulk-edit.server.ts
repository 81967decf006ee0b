import { type BulkVariantResult, type BulkVariantRow, BulkVariantRowSchema, MAX_BULK_VARIANT_ROWS } from "@quire/contracts";
import { fromDecimalAmount } from "@quire/money";
import { type AdminApi, ApiRequestError } from "./api.server";
import type { BulkField, BulkRowOutcome } from "./bulk-edit-fields";

/*
 * The bulk edit grid's form, read on the server: one row per variant, its inputs named `rows[<variantId>].<field>`
 * (price, sale, stock, published) beside hidden `rows[<variantId>].was<Field>` copies of what the page showed. Only the
 * rows whose inputs differ from what was shown are sent, each checked first (a refused row is answered beside
 * itself and not sent; the others go in one request).
 */

interface TypedRow {
  price?: string;
  sale?: string;
  stock?: string;
  published?: string;
  wasPrice?: string;
  wasSale?: string;
  wasStock?: string;
  wasPublished?: string;
}

/** The form's rows by variant id (at most MAX_BULK_VARIANT_ROWS; any beyond are ignored). */
function typedRows(form: FormData): Map<number, TypedRow> {
  const rows = new Map<number, TypedRow>();
  for (const [name, value] of form) {
    const match = /^rows\[(\d{1,10})\]\.(price|sale|stock|published|wasPrice|wasSale|wasStock|wasPublished)$/.exec(name);
    if (!match || typeof value !== "string") continue;
    const id = Number(match[1]);
    if (id < 1 || id > 2_147_483_647) continue;
    if (!rows.has(id) && rows.size >= MAX_BULK_VARIANT_ROWS) continue;
    const row = rows.get(id) ?? {};
    row[match[2] as keyof TypedRow] = value;
    rows.set(id, row);
  }
  return rows;
}

/** One changed row as the API's row, or why it cannot be sent. */
function rowOf(
  variantId: number,
  typed: TypedRow,
  currencyCode: string,
): { row: BulkVariantRow | null; refusal?: Exclude<BulkRowOutcome, { saved: true }> } {
  const messages: string[] = [];
  const fields: BulkField[] = [];
  const refuse = (field: BulkField, message: string) => {
    fields.push(field);
    messages.push(message);
  };
  const row: BulkVariantRow = { variantId };
  const priceText = (typed.price ?? "").trim();
  const saleText = (typed.sale ?? "").trim();
  if (typed.price !== undefined && (priceText !== (typed.wasPrice ?? "").trim() || saleText !== (typed.wasSale ?? "").trim())) {
    const price = fromDecimalAmount(priceText);
    const sale = saleText === "" ? null : fromDecimalAmount(saleText);
    if (price === null) refuse("price", "Enter the price as an amount, such as 12.50");
    if (sale === null && saleText !== "") refuse("sale", "Enter the sale price as an amount, such as 9.99, or leave it empty");
    if (price !== null && sale !== null && sale >= price) refuse("sale", "A sale price is lower than the price");
    if (price !== null && (sale !== null || saleText === "")) {
      row.prices = { [currencyCode]: sale === null ? { amount: price } : { amount: sale, original: price } };
    }
  }
  if (typed.stock !== undefined && typed.stock.trim() !== (typed.wasStock ?? "").trim()) {
    const text = typed.stock.trim();
    const stock = /^-?\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(stock) || stock < 0 || stock > 1_000_000) refuse("stock", "Enter the stock as a whole number, 0 or more");
    else row.stockQuantity = stock;
  }
  if (typed.wasPublished !== undefined) {
    const published = typed.published === "on";
    if (published !== (typed.wasPublished === "true")) row.published = published;
  }
  if (messages.length > 0) return { row: null, refusal: { saved: false, messages, fields } };
  if (row.prices === undefined && row.stockQuantity === undefined && row.published === undefined) return { row: null };
  const checked = BulkVariantRowSchema.safeParse(row);
  if (!checked.success)
    return { row: null, refusal: { saved: false, messages: checked.error.issues.map((issue) => issue.message), fields: [] } };
  return { row: checked.data };
}

/** The rows the form changed: those to send, and those refused before sending. */
export function changedRows(form: FormData, currencyCode: string): { send: BulkVariantRow[]; refused: Map<number, BulkRowOutcome> } {
  const send: BulkVariantRow[] = [];
  const refused = new Map<number, BulkRowOutcome>();
  for (const [variantId, typed] of typedRows(form)) {
    const { row, refusal } = rowOf(variantId, typed, currencyCode);
    if (refusal) refused.set(variantId, refusal);
    else if (row) send.push(row);
  }
  return { send, refused };
}

/** Which input an API error is about, from its `field` ("stockQuantity", "prices.GBP.original", "published"). */
function fieldOfApiError(field: string | undefined): BulkField[] {
  if (!field) return [];
  if (/original/.test(field)) return ["sale"];
  if (/^prices/.test(field)) return ["price"];
  if (/stock/i.test(field)) return ["stock"];
  if (/publish/i.test(field)) return ["published"];
  return [];
}

/** The API's answer for each sent row, as outcomes by variant id. */
export function outcomesOf(results: readonly BulkVariantResult[]): Map<number, BulkRowOutcome> {
  const outcomes = new Map<number, BulkRowOutcome>();
  for (const result of results) {
    outcomes.set(
      result.variantId,
      result.ok
        ? { saved: true }
        : {
            saved: false,
            messages: result.errors.map((error) => error.message),
            fields: result.errors.flatMap((error) => fieldOfApiError(error.field)),
          },
    );
  }
  return outcomes;
}

/**
 * The store's default currency, the one the grid edits. Read from GET /admin/settings (permission `settings`, which
 * every role with `catalogue` has today; the public GET /store-settings refuses a member's token with a 401). A role
 * without `settings` gets `fallback` (a currency the variants are priced in).
 */
export async function defaultCurrencyOf(api: AdminApi, fallback: string): Promise<string> {
  try {
    return (await api.call("getAdminStoreSettings")).data.defaultCurrencyCode;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403) return fallback;
    throw error;
  }
}
