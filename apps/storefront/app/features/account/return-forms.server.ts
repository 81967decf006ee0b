import { CreateReturnBodySchema, RETURN_REASONS, RETURN_RESOLUTIONS, type Order } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import type { FormError, FormFailure } from "~/components/forms/form-errors";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ACCOUNT_ORDER_INTENTS } from "~/lib/account-intents";
import { intent, issuesToFormErrors, PostedIdempotencyKeyField } from "~/lib/form-intents.server";
import { notFound } from "~/lib/not-found.server";
import { t } from "~/lib/i18n/messages/account-server";
import {
  readReturnLines,
  RETURN_FIELDS,
  RETURN_PARAM,
  returnableItems,
  returnFormValues,
  toReturnFormErrors,
  type ReturnChoices,
  type ReturnFormData,
  type ReturnLineChoice,
} from "./return-form";

/*
 * Asking to return items of a delivered order, from the order's page (its dialog, or the form on the page with
 * `?return`): the choices the form offers, the fields its action reads, and the one call it makes
 * (POST /order-returns, with the Idempotency-Key the form was rendered with: decision 018).
 */

/** The API's words for each reason and resolution: the one place they are written (the API's returns module). */
export async function listReturnChoices(api: ApiClient): Promise<ReturnChoices> {
  const [{ data: reasons }, { data: resolutions }] = await Promise.all([api.call("listReturnReasons"), api.call("listReturnResolutions")]);
  return { reasons: reasons.reasons, resolutions: resolutions.resolutions };
}

/** The order page's return form: its choices and a new key for this render; null when nothing of the order may be returned. */
export async function loadReturnForm(api: ApiClient, order: Order, request: Request): Promise<ReturnFormData | null> {
  if (order.returnableUntil === null || returnableItems(order).length === 0) return null;
  return {
    ...(await listReturnChoices(api)),
    returnableUntil: order.returnableUntil,
    idempotencyKey: crypto.randomUUID(),
    open: new URL(request.url).searchParams.has(RETURN_PARAM),
  };
}

/** The comment, as the contract takes it (several lines allowed: it is a textarea); an empty box is "". */
const CommentField = z
  .string()
  .optional()
  .transform((text) => text ?? "")
  .pipe(CreateReturnBodySchema.shape.comment.unwrap());

/** The return form's own fields; each line's quantity is read apart (readReturnLines), its field named by the line. */
export const ReturnItemsFormSchema = z.object({
  [RETURN_FIELDS.reason]: z.enum(RETURN_REASONS, { error: t("account.return_form.reason_missing") }),
  [RETURN_FIELDS.resolution]: z.enum(RETURN_RESOLUTIONS, { error: t("account.return_form.resolution_missing") }),
  [RETURN_FIELDS.comment]: CommentField,
  [IDEMPOTENCY_KEY_FIELD]: PostedIdempotencyKeyField,
});

/** The lines the form asks to return, checked as the contract checks them (at least one, each once). */
function checkedLines(form: FormData): { lines: ReturnLineChoice[]; errors: FormError[] } {
  const { lines, errors } = readReturnLines(form);
  if (errors.length > 0) return { lines, errors };
  const checked = CreateReturnBodySchema.shape.lines.safeParse(lines);
  if (checked.success) return { lines, errors };
  return { lines, errors: issuesToFormErrors(checked.error).map((error) => ({ ...error, field: RETURN_FIELDS.lines })) };
}

/** A refused return form (400 from its own checks, or the API's status): its errors beside their fields, what was chosen kept. */
function refusedReturn(errors: FormError[], form: FormData, status: number) {
  return data<FormFailure>({ errors, values: returnFormValues(form), intent: ACCOUNT_ORDER_INTENTS.returnItems }, { status });
}

export const returnPath = (id: number) => `/account/returns/${id}`;

/**
 * The order page's "Return items" intent: asks for the return (POST /order-returns) and goes on to its page with
 * a toast. A refusal stays on the order's page with each error beside its field: `body.lines.N.quantity` beside
 * the Nth line sent. Another customer's order, or none, is the shop's 404.
 */
export function returnItemsIntent(api: ApiClient, orderId: number, request: Request) {
  return intent({
    schema: ReturnItemsFormSchema,
    invalid: (errors, form) => refusedReturn([...checkedLines(form).errors, ...errors], form, 400),
    run: async ({ reason, resolution, comment, idempotencyKey }, form) => {
      const { lines, errors } = checkedLines(form);
      if (errors.length > 0) return refusedReturn(errors, form, 400);
      try {
        const { data: created } = await api.call("createReturn", {
          body: { orderId, lines, reason, resolution, ...(comment ? { comment } : {}) },
          headers: { "idempotency-key": idempotencyKey },
        });
        return redirectWithToast(
          returnPath(created.id),
          { kind: "success", message: t("account.return_form.requested", { id: created.publicId }) },
          { status: 303 },
        );
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        if (error.status === 404) throw notFound(request);
        return refusedReturn(toReturnFormErrors(error.errors, lines), form, error.status);
      }
    },
  });
}
