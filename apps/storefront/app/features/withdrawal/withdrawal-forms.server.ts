import { OrderLinkBodySchema, OrderLinkRequestBodySchema, type WithdrawalOrderBody } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import type { FormError } from "~/components/forms/form-errors";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { orderLinkProblemOf } from "~/features/order-link/order-link.server";
import { EMAILED_SECRET_HEADERS } from "~/lib/token-paths.server";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { PRIVATE_NO_STORE } from "~/lib/cache-control.server";
import {
  intent,
  NoFieldsFormSchema,
  parseForm,
  PostedIdempotencyKeyField,
  postedIdField,
  type ParsedForm,
} from "~/lib/form-intents.server";
import {
  isAboutLines,
  readWithdrawalLines,
  toWithdrawalFormErrors,
  WITHDRAWAL_FIELDS,
  WITHDRAWAL_INTENTS,
  withdrawalFormValues,
  type WithdrawalView,
} from "./withdrawal-form";
import { WITHDRAW_ORDER_PARAM } from "./withdrawal-paths";

/*
 * The withdrawal page's two calls (decision 061): POST /withdrawals/order for the order the buyer names and what of
 * it may be withdrawn (step 2), then POST /withdrawals with the Idempotency-Key step 2 was rendered with (step 3).
 * Each answer is a page of its own, not a redirect: step 2 carries the order's key in hidden fields (an order link's
 * token never goes into an address), and step 3 is the acknowledgement, which a resent form replays. None is cached;
 * one that holds an order link's token sends no Referer either.
 */

/** The id in `/withdraw?order=<id>`, when it is one. */
const OrderIdSchema = z.object({ [WITHDRAWAL_FIELDS.orderId]: postedIdField() });

/** The order a form names: by an order link's token, by one of the customer's order ids, or by its number and email. */
function readOrderKey(form: FormData): ParsedForm<WithdrawalOrderBody> {
  if (form.has(WITHDRAWAL_FIELDS.token)) return parseForm(form, OrderLinkBodySchema);
  if (form.has(WITHDRAWAL_FIELDS.orderId)) return parseForm(form, OrderIdSchema);
  return parseForm(form, OrderLinkRequestBodySchema);
}

/** Whether an order's key is an order link's token, which the answer then holds in a hidden field. */
const holdsToken = (key: WithdrawalOrderBody | null) => key !== null && "token" in key;

/** The page's answer: never stored by a cache; with no Referer when it is about an order link's token. */
function answer(view: WithdrawalView, options: { token: boolean; status?: number; retryAfter?: string | null }) {
  const headers = new Headers(options.token ? EMAILED_SECRET_HEADERS : { "Cache-Control": PRIVATE_NO_STORE });
  if (options.retryAfter) headers.set("Retry-After", options.retryAfter);
  return data<WithdrawalView>(view, { status: options.status ?? 200, headers });
}

/** Step 1 again with the API's errors (beside the order number when it is unknown), or what is wrong with an order link. */
function refusedOrder(error: ApiRequestError, key: WithdrawalOrderBody, values?: Record<string, string>) {
  const token = holdsToken(key);
  const problem = orderLinkProblemOf(error);
  if (problem) return answer({ step: "link-problem", problem }, { token, status: error.status });
  const failure = { errors: toWithdrawalFormErrors(error.errors, []), values };
  return answer({ step: "find", failure }, { token, status: error.status, retryAfter: error.retryAfter });
}

/** A form whose order key could not be read: a mangled token is a link that does not work; anything else, step 1. */
function unreadableKey(errors: FormError[], form: FormData) {
  if (form.has(WITHDRAWAL_FIELDS.token)) return answer({ step: "link-problem", problem: "invalid" }, { token: true, status: 404 });
  return answer({ step: "find", failure: { errors, values: withdrawalFormValues(form) } }, { token: false, status: 400 });
}

/**
 * Step 2 for the order `key` names: its lines and a new Idempotency-Key, with the errors of a refused confirmation
 * beside its lines; step 1 with the form's `values` (or the link's problem) when the API will not show the order.
 */
async function chooseItems(
  api: ApiClient,
  key: WithdrawalOrderBody,
  values?: Record<string, string>,
  refused?: { errors: FormError[]; status: number },
) {
  const failure = refused ? { errors: refused.errors, values } : null;
  const status = refused?.status ?? 200;
  try {
    const { data: order } = await api.call("getWithdrawableOrder", { body: key });
    return answer({ step: "choose", order, key, idempotencyKey: crypto.randomUUID(), failure }, { token: holdsToken(key), status });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return refusedOrder(error, key, values);
  }
}

/** Step 1 as a GET shows it, or step 2 for `/withdraw?order=<id>` (a signed-in customer's order; else the API's 401 signs in). */
export function openWithdrawal(api: ApiClient, url: URL) {
  const orderId = url.searchParams.get(WITHDRAW_ORDER_PARAM);
  const parsed = orderId === null ? null : OrderIdSchema.safeParse({ orderId });
  if (!parsed?.success) return answer({ step: "find", failure: null }, { token: false });
  return chooseItems(api, parsed.data);
}

/** "Find my order": step 2 for the order the form names. */
export function findOrderIntent(api: ApiClient) {
  return intent({
    schema: NoFieldsFormSchema,
    run: async (_, form) => {
      const key = readOrderKey(form);
      if (!key.ok) return unreadableKey(key.errors, form);
      return chooseItems(api, key.value, withdrawalFormValues(form));
    },
  });
}

/** Step 2's own field: the Idempotency-Key it was rendered with. The order's key and the lines are read apart. */
export const WithdrawFormSchema = z.object({ [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField });

/**
 * "Confirm withdrawal": POST /withdrawals for the order the hidden fields name, with the lines chosen, or with none
 * when every item offered is chosen in full (the whole order, so the API refunds the delivery with it). A refused
 * item comes back on step 2 beside its line (`body.lines.N.*` names the Nth line sent); a refused order, on step 1.
 */
export function withdrawIntent(api: ApiClient) {
  return intent({
    schema: WithdrawFormSchema,
    run: async ({ idempotencyKey }, form) => {
      const key = readOrderKey(form);
      if (!key.ok) return unreadableKey(key.errors, form);
      const { lines, everything, errors } = readWithdrawalLines(form);
      const values = withdrawalFormValues(form);
      if (errors.length > 0) return chooseItems(api, key.value, values, { errors, status: 400 });
      try {
        const { data: withdrawal } = await api.call("createWithdrawal", {
          body: everything ? key.value : { ...key.value, lines },
          headers: { "idempotency-key": idempotencyKey },
        });
        return answer({ step: "done", withdrawal }, { token: holdsToken(key.value) });
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        const refused = toWithdrawalFormErrors(error.errors, everything ? [] : lines);
        if (refused.some(isAboutLines)) return chooseItems(api, key.value, values, { errors: refused, status: error.status });
        return refusedOrder(error, key.value, values);
      }
    },
  });
}

/** The page's intents, for its action's dispatchIntent. */
export function withdrawalIntents(api: ApiClient) {
  return { [WITHDRAWAL_INTENTS.find]: findOrderIntent(api), [WITHDRAWAL_INTENTS.withdraw]: withdrawIntent(api) };
}
