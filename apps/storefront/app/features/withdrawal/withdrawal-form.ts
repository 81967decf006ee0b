import type { WithdrawableOrder, Withdrawal, WithdrawalOrderBody } from "@quire/contracts";
import type { FormError, FormFailure } from "~/components/forms/form-errors";
import { t } from "~/lib/i18n/messages/withdrawal";

/*
 * The withdrawal page's forms (/withdraw, decision 061): their intents and field names, what each step shows, and
 * the pure rules the page and its action share. Plain data, no zod: the forms render in the browser too. The
 * action's reading and calls are in withdrawal-forms.server.ts.
 */

/** Step 1 finds the order ("find"); step 2 withdraws from it ("withdraw"). */
export const WITHDRAWAL_INTENTS = { find: "find", withdraw: "withdraw" } as const;

/**
 * The fields that name the order (one way of three, as the contract's WithdrawalOrderBody: its number and email, an
 * order mail's link, or one of the signed-in customer's order ids) and the lines' field, for errors about them all.
 */
export const WITHDRAWAL_FIELDS = {
  orderNumber: "orderNumber",
  email: "email",
  token: "token",
  orderId: "orderId",
  lines: "lines",
} as const;

/** What the page shows: which step, and what it needs. Loaders and actions answer one; the page renders it. */
export type WithdrawalView =
  /** Step 1: the order's number and email, with what was refused (and typed) when it was. */
  | { step: "find"; failure: FormFailure | null }
  /**
   * Step 2: the order's lines to choose from, the key that named the order (sent again in hidden fields), and the
   * Idempotency-Key of this render (decision 018), so a resent confirmation withdraws once.
   */
  | { step: "choose"; order: WithdrawableOrder; key: WithdrawalOrderBody; idempotencyKey: string; failure: FormFailure | null }
  /** Step 3: the shop's acknowledgement. */
  | { step: "done"; withdrawal: Withdrawal }
  /** An order mail's link that does not work (altered, or too old). */
  | { step: "link-problem"; problem: "invalid" | "expired" };

const QUANTITY_FIELD = /^quantity-(\d{1,10})$/;
const AVAILABLE_FIELD = /^available-(\d{1,10})$/;
const QUANTITY_VALUE = /^\d{1,5}$/;

/** The field of how many of one order line to withdraw from (0: kept). */
export function withdrawQuantityField(orderLineId: number): string {
  return `quantity-${orderLineId}`;
}

/**
 * The hidden field of how many of one order line could be withdrawn from when the form was rendered: what tells
 * "everything" from a part, so the whole order is asked for as such (no `lines`), delivery charge included. A
 * changed value changes nothing but that: the API decides what may be withdrawn, and whether it is the whole order.
 */
export function withdrawAvailableField(orderLineId: number): string {
  return `available-${orderLineId}`;
}

export interface WithdrawalLineChoice {
  orderLineId: number;
  quantity: number;
}

/** The lines a posted step 2 chose, whether that is everything it offered, and the quantities it could not read. */
export interface WithdrawalLines {
  lines: WithdrawalLineChoice[];
  everything: boolean;
  errors: FormError[];
}

/**
 * Reads the lines step 2 offered (each `available-<id>` field) and how many of each the buyer chose
 * (`quantity-<id>`; empty or 0: kept), in the order offered. A quantity that is not a whole number is refused beside
 * its line; none chosen at all, above the lines. `everything` when each offered line is chosen in full.
 */
export function readWithdrawalLines(form: Iterable<[string, FormDataEntryValue]>): WithdrawalLines {
  const posted = new Map<string, string>();
  const offered: { orderLineId: number; available: number }[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string" || posted.has(name)) continue;
    posted.set(name, value);
    const line = AVAILABLE_FIELD.exec(name);
    if (line && QUANTITY_VALUE.test(value) && Number(line[1]) > 0) offered.push({ orderLineId: Number(line[1]), available: Number(value) });
  }
  const lines: WithdrawalLineChoice[] = [];
  const errors: FormError[] = [];
  let everything = offered.length > 0;
  for (const { orderLineId, available } of offered) {
    const field = withdrawQuantityField(orderLineId);
    const text = (posted.get(field) ?? "").trim();
    if (text !== "" && !QUANTITY_VALUE.test(text)) {
      errors.push({ code: "invalid_input", message: t("withdrawal.choose.quantity_invalid"), field });
      continue;
    }
    const quantity = text === "" ? 0 : Number(text);
    if (quantity !== available) everything = false;
    if (quantity > 0) lines.push({ orderLineId, quantity });
  }
  if (errors.length === 0 && lines.length === 0) {
    errors.push({ code: "invalid_input", message: t("withdrawal.choose.none_chosen"), field: WITHDRAWAL_FIELDS.lines });
  }
  return { lines, everything: everything && errors.length === 0, errors };
}

const LINE_ERROR = /^body\.lines\.(\d+)\.(?:quantity|orderLineId)$/;

/**
 * The form field an API error belongs beside: `body.lines.N.*` names the Nth line sent, which is that order line's
 * quantity field; `body.lines` the lines as a whole; the order's number and email their own fields. Anything else
 * (the order no longer withdrawable, too many tries) belongs to no field and is shown above the form.
 */
export function withdrawalFormFieldOf(apiField: string | undefined, sent: readonly WithdrawalLineChoice[]): string | undefined {
  if (!apiField) return undefined;
  const line = LINE_ERROR.exec(apiField);
  if (line) {
    const choice = sent[Number(line[1])];
    return choice ? withdrawQuantityField(choice.orderLineId) : WITHDRAWAL_FIELDS.lines;
  }
  if (apiField.startsWith(`body.${WITHDRAWAL_FIELDS.lines}`)) return WITHDRAWAL_FIELDS.lines;
  if (apiField === `body.${WITHDRAWAL_FIELDS.orderNumber}`) return WITHDRAWAL_FIELDS.orderNumber;
  if (apiField === `body.${WITHDRAWAL_FIELDS.email}`) return WITHDRAWAL_FIELDS.email;
  return undefined;
}

/** The API's errors with each field renamed to the form's; an error of no field of the form keeps none. */
export function toWithdrawalFormErrors(errors: readonly FormError[], sent: readonly WithdrawalLineChoice[]): FormError[] {
  return errors.map(({ field, ...error }) => {
    const formField = withdrawalFormFieldOf(field, sent);
    return formField ? { ...error, field: formField } : error;
  });
}

/** Whether an error is about the items chosen (shown on step 2) rather than the order (step 1). */
export function isAboutLines(error: FormError): boolean {
  return error.field === WITHDRAWAL_FIELDS.lines || (error.field !== undefined && QUANTITY_FIELD.test(error.field));
}

/** What a refused form comes back filled in with: the order's number and email, and each line's quantity. */
export function withdrawalFormValues(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name in values) continue;
    if (name === WITHDRAWAL_FIELDS.orderNumber || name === WITHDRAWAL_FIELDS.email || QUANTITY_FIELD.test(name)) values[name] = value;
  }
  return values;
}
