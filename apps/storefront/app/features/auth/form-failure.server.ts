import { data } from "react-router";
import { ApiRequestError } from "~/lib/api.server";
import type { FormError, FormFailure } from "./form-errors";

type FailureContext = Omit<FormFailure, "errors">;

/** A form refused before any call, with these errors (400): its fields' (lib/form-intents.server.ts parseForm) or its own. */
export function rejectedForm(errors: FormError[], context: FailureContext = {}) {
  return data<FormFailure>({ ...context, errors }, { status: 400 });
}

/**
 * A failed API call made by a form action, answered with the API's status and errors so the form shows
 * them beside their fields. Redirects (spec section 8's 401/403 rules) and other failures are rethrown.
 */
export function failedForm(error: unknown, context: FailureContext = {}) {
  if (!(error instanceof ApiRequestError)) throw error;
  return data<FormFailure>({ ...context, errors: error.errors }, { status: error.status });
}
