import type { ToastMessage } from "~/components/ui/toast";
import {
  CONTROL_CHARACTERS_MESSAGE,
  INT32_MAX,
  isPrintableText,
  MAX_ADDON_OPTIONS_PER_LINE,
  MAX_CART_ITEMS_PER_REQUEST,
  MAX_CART_LINE_QUANTITY,
} from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/cart-forms";

/**
 * The cart's forms as data: field names shared by the components that render them and the actions that
 * read them, and the parsing of what was posted (the same rules the form's inputs declare, checked again
 * on the server because a form can be posted by anything).
 */

/** The resource route the product page and product cards post "Add to basket" to. */
export const ADD_TO_CART_PATH = "/cart/add";
/** The resource route a page posts the cart notices it has shown to (routes/cart-notices.ts). */
export const CART_NOTICES_PATH = "/cart/notices";
/** The field carrying the notices shown, as the JSON of the cart answer's `notifications`. */
export const SHOWN_NOTICES_FIELD = "notices";

/**
 * The field carrying the Idempotency-Key an "Add to basket" form (or the quick order) was rendered with
 * (decision 018): the action sends it to the API, which replays its first answer to a resent form instead
 * of adding again.
 */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

/** What a fetcher's "Add to basket" learns: the toast to show. The header count follows from revalidation. */
export interface AddToCartResult {
  toast: ToastMessage;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const QUANTITY_MESSAGE = /* @__PURE__ */ t("cart.form.quantity", { max: MAX_CART_LINE_QUANTITY });

/** A quantity typed into a form: a whole number from `min` to the cart's maximum, nothing else. */
export function parseQuantity(value: FormDataEntryValue | null, min: 0 | 1 = 1): Parsed<number> {
  const text = typeof value === "string" ? value.trim() : "";
  const quantity = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_CART_LINE_QUANTITY) {
    return { ok: false, message: QUANTITY_MESSAGE };
  }
  return { ok: true, value: quantity };
}

/** An id posted by a form (a variant, a line): a positive whole number. */
export function parseId(value: FormDataEntryValue | null): Parsed<number> {
  const text = typeof value === "string" ? value.trim() : "";
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return id >= 1 && id <= INT32_MAX ? { ok: true, value: id } : { ok: false, message: t("cart.form.not_in_catalogue") };
}

/**
 * The field holding the choice for one add-on: a radio group (one option of several, or none) or a
 * checkbox (an add-on with a single option). `scope` keeps the fields of different cart lines apart.
 */
export function addonFieldName(scope: string, addonId: number): string {
  return `${scope}addon-${addonId}`;
}
/** The scope of one cart line's add-on fields. */
export const lineScope = (lineItemId: number) => `line-${lineItemId}-`;

/**
 * The add-on options chosen in `scope`: every field named `<scope>addon-<id>`. An empty value is the
 * "none" choice of a radio group. Anything that is not an option id is refused rather than dropped.
 */
export function parseAddonChoices(form: FormData, scope = ""): Parsed<number[]> {
  const prefix = `${scope}addon-`;
  const ids = new Set<number>();
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length)) || value === "") continue;
    const id = parseId(value);
    if (!id.ok) return { ok: false, message: t("cart.form.addon_not_offered") };
    ids.add(id.value);
  }
  if (ids.size > MAX_ADDON_OPTIONS_PER_LINE) return { ok: false, message: t("cart.form.too_many_addons") };
  return { ok: true, value: [...ids] };
}

/**
 * The cart page's one add-ons form: every line's add-on fields belong to it (through the `form` attribute),
 * each line listed in a hidden ADDONS_LINE_FIELD. The button pressed says what to save: one line ("Update
 * add-ons" beside it, value = its id) or all of them ("Update all add-ons", value "all").
 */
export const ADDONS_FORM_ID = "cart-addons";
export const ADDONS_LINE_FIELD = "addonsLineItemId";
export const ADDONS_APPLY_FIELD = "apply";
export const ADDONS_APPLY_ALL = "all";

export interface LineAddons {
  lineItemId: number;
  addonOptionIds: number[];
}

/** What the add-ons form asks for: one line's add-ons, or every listed line's at once (none clears them). */
export function parseAddonsForm(form: FormData): Parsed<{ bulk: boolean; items: LineAddons[] }> {
  const apply = form.get(ADDONS_APPLY_FIELD);
  // Enter pressed in the form (no button) saves everything, as "Update all add-ons" would.
  const bulk = apply === null || apply === ADDONS_APPLY_ALL;
  const lineIds = new Set<number>();
  for (const value of bulk ? form.getAll(ADDONS_LINE_FIELD) : [apply]) {
    const id = parseId(value);
    if (!id.ok) return id;
    lineIds.add(id.value);
  }
  if (lineIds.size === 0 || lineIds.size > MAX_CART_ITEMS_PER_REQUEST) return { ok: false, message: t("cart.form.no_addons") };
  const items: LineAddons[] = [];
  for (const lineItemId of lineIds) {
    const choices = parseAddonChoices(form, lineScope(lineItemId));
    if (!choices.ok) return choices;
    items.push({ lineItemId, addonOptionIds: choices.value });
  }
  return { ok: true, value: { bulk, items } };
}

/** How many lines the quick-order form shows at first, and at most. */
export const QUICK_ORDER_START_LINES = 5;
export const QUICK_ORDER_MAX_LINES = 20;

export interface QuickOrderLine {
  /** The form row, from 0, so a report names the row the shopper typed. */
  row: number;
  sku: string;
  quantityText: string;
}
export type QuickOrderRequest = QuickOrderLine & { quantity: number };
export interface QuickOrderRejection {
  line: QuickOrderLine;
  message: string;
}

/**
 * The quick-order rows that hold something (`sku-<n>` and `quantity-<n>`), split into those ready to add
 * and those refused outright (no SKU, a bad quantity). An empty quantity means 1.
 */
export function parseQuickOrderForm(form: FormData): { requests: QuickOrderRequest[]; rejections: QuickOrderRejection[] } {
  const requests: QuickOrderRequest[] = [];
  const rejections: QuickOrderRejection[] = [];
  for (let row = 0; row < QUICK_ORDER_MAX_LINES; row++) {
    const skuValue = form.get(`sku-${row}`);
    const quantityValue = form.get(`quantity-${row}`);
    const sku = typeof skuValue === "string" ? skuValue.trim().slice(0, 100) : "";
    const quantityText = typeof quantityValue === "string" ? quantityValue.trim().slice(0, 10) : "";
    if (sku === "" && quantityText === "") continue;
    const line = { row, sku, quantityText };
    if (sku === "") {
      rejections.push({ line, message: t("cart.form.sku_missing") });
      continue;
    }
    // The API would refuse the whole order for one such SKU; refused here, it costs only its own row.
    if (!isPrintableText(sku)) {
      rejections.push({ line, message: CONTROL_CHARACTERS_MESSAGE });
      continue;
    }
    const quantity = quantityText === "" ? ({ ok: true, value: 1 } as const) : parseQuantity(quantityText);
    if (!quantity.ok) rejections.push({ line, message: quantity.message });
    else requests.push({ ...line, quantity: quantity.value });
  }
  return { requests, rejections };
}

/** One row of a quick order's report: added, or not and why. */
export interface QuickOrderOutcome {
  row: number;
  sku: string;
  quantityText: string;
  added: boolean;
  /** What was added ("Emma, Paperback × 2"), or why the row was not. */
  message: string;
}

/** Rows in the order the shopper typed them. */
export function sortOutcomes(outcomes: QuickOrderOutcome[]): QuickOrderOutcome[] {
  return [...outcomes].sort((a, b) => a.row - b.row);
}
