import type { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { formText, type FormError } from "~/components/forms/form-errors";
import { rejectedForm } from "~/components/forms/form-failure.server";
import { t } from "~/lib/i18n/messages/checkout-server";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { redirectWithToast } from "~/lib/flash.server";
import { CHECKOUT_PATH } from "./checkout-forms";
import { failedCheckoutForm } from "./checkout-forms.server";

/*
 * How the checkout's forms answer (decision 027). A saved step goes back to the page with its toast (a 303,
 * so a reload never posts twice); a refused step form answers its errors beside its fields, with what was
 * typed; a refused change to the summary answers the API's first error as a toast.
 */

/** What a checkout form's handler is given: the request, and the request's context (API client, session). */
export interface CheckoutActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** A 303 to `to` (the checkout by default) with a toast. */
export function backWithToast(message: ToastMessage, to = CHECKOUT_PATH, init: ResponseInit = {}) {
  return redirectWithToast(to, message, { status: 303, ...init });
}

/** Back to the checkout, saying what was saved. */
export const saved = (message: string) => backWithToast({ kind: "success", message });

/** A refused form that answers with a toast: its first error. */
export const invalidAsToast = (errors: FormError[]) =>
  backWithToast({ kind: "error", message: errors[0]?.message ?? t("checkout.form.check") });

/** A change to the summary: a refusal by the API comes back as its first error, as a toast. */
export async function changingSummary(change: () => Promise<Response>): Promise<Response> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return backWithToast(errorToastOf(error));
  }
}

/** What a refused form comes back filled in with. */
function typedValues(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, formText(form, field)]));
}

/**
 * A step's form (customer information, an address, the order note): saved, it goes back with `message`;
 * refused, by its own checks or the API's, it comes back beside the form's fields with what was typed.
 */
export function stepForm<Values>(intent: string, fields: readonly string[], save: (values: Values) => Promise<void>, message: string) {
  return {
    invalid: (errors: FormError[], form: FormData) => rejectedForm(errors, { values: typedValues(form, fields), intent }),
    run: async (values: Values, form: FormData) => {
      try {
        await save(values);
      } catch (error) {
        return failedCheckoutForm(error, { values: typedValues(form, fields), intent });
      }
      return saved(message);
    },
  };
}
