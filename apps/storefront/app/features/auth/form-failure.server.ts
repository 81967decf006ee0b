import { data } from "react-router";
import type { z } from "zod";
import { ApiRequestError } from "~/lib/api.server";
import { issuesToErrors, type FormError, type FormFailure } from "./form-errors";

type FailureContext = Omit<FormFailure, "errors">;

/** A form refused before any call, with these errors (400). */
export function rejectedForm(errors: FormError[], context: FailureContext = {}) {
  return data<FormFailure>({ ...context, errors }, { status: 400 });
}

/** A form's own validation failure: 400 with the schema's issues as errors, and the values typed so far. */
export function invalidForm(error: z.ZodError, context: FailureContext = {}) {
  return rejectedForm(issuesToErrors(error), context);
}

/**
 * A failed API call made by a form action, answered with the API's status and errors so the form shows
 * them beside their fields. Redirects (spec section 8's 401/403 rules) and other failures are rethrown.
 */
export function failedForm(error: unknown, context: FailureContext = {}) {
  if (!(error instanceof ApiRequestError)) throw error;
  return data<FormFailure>({ ...context, errors: error.errors }, { status: error.status });
}
