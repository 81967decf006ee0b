import type { Order, ReturnReason, ReturnResolution } from "@quire/contracts";
import type { FormError } from "~/components/forms/form-errors";
import { t } from "~/lib/i18n/messages/account";

/*
 * The return form of an order's page (/account/orders/:id): its field names, and the pure rules the page and
 * its action share. Plain data, no zod: the form renders in the browser too. The action's schema is in
 * return-forms.server.ts.
 */

/** The API's words for each reason and resolution (GET /order-returns/reasons and /resolutions). */
export interface ReturnChoices {
  reasons: { code: ReturnReason; label: string }[];
  resolutions: { code: ReturnResolution; label: string; description: string }[];
}

/** What the order page's loader gives its return form: none when nothing of the order may be returned. */
export interface ReturnFormData extends ReturnChoices {
  returnableUntil: string;
  /** The Idempotency-Key of this render of the form (decision 018): a resent form asks for the return once. */
  idempotencyKey: string;
  /** The page was asked for with `?return`: the form is shown on the page itself. */
  open: boolean;
}

/** `?return` shows the return form as part of the order's page: the version that works without JavaScript. */
export const RETURN_PARAM = "return";

/** The form's own fields; each line's quantity has a field of its own (returnQuantityField). */
export const RETURN_FIELDS = { reason: "reason", resolution: "resolution", comment: "comment", lines: "lines" } as const;

const QUANTITY_PREFIX = "quantity-";
const QUANTITY_FIELD = /^quantity-(\d{1,10})$/;
const QUANTITY_VALUE = /^\d{1,5}$/;

/** The field of one order line's quantity to return (0, or left empty: not returned). */
export function returnQuantityField(orderLineId: number): string {
  return `${QUANTITY_PREFIX}${orderLineId}`;
}

export const QUANTITY_MESSAGE = t("account.return_form.quantity_invalid");

/** The lines of the order that may still be returned, as many as the API says of each; none once the window has closed. */
export function returnableItems(order: Pick<Order, "returnableUntil" | "items">): Order["items"] {
  if (order.returnableUntil === null) return [];
  return order.items.filter((item) => item.returnableQuantity > 0);
}

export interface ReturnLineChoice {
  orderLineId: number;
  quantity: number;
}

/**
 * The lines a posted return form asks to return, in the order they were posted: each quantity field with a
 * number above 0 (empty or 0: not returned). A quantity that is not a whole number is refused beside its line.
 * Whether a line is the order's, and how many of it may go back, is the API's to say.
 */
export function readReturnLines(form: Iterable<[string, FormDataEntryValue]>): { lines: ReturnLineChoice[]; errors: FormError[] } {
  const lines: ReturnLineChoice[] = [];
  const errors: FormError[] = [];
  const seen = new Set<number>();
  for (const [name, value] of form) {
    const match = QUANTITY_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    const orderLineId = Number(match[1]);
    if (orderLineId < 1 || seen.has(orderLineId)) continue;
    seen.add(orderLineId);
    const text = value.trim();
    if (text === "") continue;
    if (!QUANTITY_VALUE.test(text)) {
      errors.push({ code: "invalid_input", message: QUANTITY_MESSAGE, field: name });
      continue;
    }
    const quantity = Number(text);
    if (quantity > 0) lines.push({ orderLineId, quantity });
  }
  return { lines, errors };
}

const LINE_ERROR = /^body\.lines\.(\d+)\.(?:quantity|orderLineId)$/;

/**
 * The form field an API error belongs beside: `body.lines.N.quantity` names the Nth line sent, which is that
 * order line's quantity field; the reason, resolution and comment are the form's own. Anything else (the
 * order no longer returnable) belongs to no field and is shown above the form.
 */
export function returnFormFieldOf(apiField: string | undefined, sent: readonly ReturnLineChoice[]): string | undefined {
  if (!apiField) return undefined;
  const line = LINE_ERROR.exec(apiField);
  if (line) {
    const choice = sent[Number(line[1])];
    return choice ? returnQuantityField(choice.orderLineId) : RETURN_FIELDS.lines;
  }
  const own = Object.values(RETURN_FIELDS).find((field) => apiField === `body.${field}`);
  return own;
}

/** The API's errors with each field renamed to the form's, so the form shows each beside what it is about. */
export function toReturnFormErrors(errors: readonly FormError[], sent: readonly ReturnLineChoice[]): FormError[] {
  return errors.map(({ field, ...error }) => {
    const formField = returnFormFieldOf(field, sent);
    return formField ? { ...error, field: formField } : error;
  });
}

/** What a refused form comes back filled in with: its choices, comment and each line's quantity. */
export function returnFormValues(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const own: readonly string[] = [RETURN_FIELDS.reason, RETURN_FIELDS.resolution, RETURN_FIELDS.comment];
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name in values) continue;
    if (own.includes(name) || QUANTITY_FIELD.test(name)) values[name] = value;
  }
  return values;
}
