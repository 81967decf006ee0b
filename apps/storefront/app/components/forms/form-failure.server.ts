import { data, type HeadersFunction } from "react-router";
import { ApiRequestError } from "~/lib/api.server";
import type { FormError, FormFailure } from "./form-errors";

type FailureContext = Omit<FormFailure, "errors">;

/** A form refused before any call, with these errors (400): its fields' (lib/form-intents.server.ts parseForm) or its own. */
export function rejectedForm(errors: FormError[], context: FailureContext = {}) {
  return data<FormFailure>({ ...context, errors }, { status: 400 });
}

/**
 * A failed API call made by a form action, answered with the API's status and errors so the form shows
 * them beside their fields, with the API's Retry-After. Redirects (the 401/403 rules of lib/api-failure.ts) and
 * other failures are rethrown.
 */
export function failedForm(error: unknown, context: FailureContext = {}) {
  if (!(error instanceof ApiRequestError)) throw error;
  // A refusal that lasts (a locked sign-in, a capped form: 429) says for how long, as the API said it.
  const headers = error.retryAfter === null ? undefined : { "Retry-After": error.retryAfter };
  return data<FormFailure>({ ...context, errors: error.errors }, { status: error.status, headers });
}

/**
 * The `headers` of a page whose form answers with failedForm: the parents' headers, plus the action's
 * Retry-After. React Router passes on only an action's cookies to the page it renders unless the route says
 * more, and a 429 (a locked sign-in, a capped form) should tell the browser, or a script, when to try again.
 */
export const formAnswerHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter !== null) headers.set("Retry-After", retryAfter);
  return headers;
};
