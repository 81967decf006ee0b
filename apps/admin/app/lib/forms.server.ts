import { data, redirect } from "react-router";
import type { z } from "zod";
import { ApiRequestError } from "./api.server";
import { flashCookie } from "./cookies.server";

/*
 * One way to handle a form (as the storefront's decision 023): the browser posts it, with or without JavaScript;
 * the action checks it with the contract's own schema, calls the API, and either redirects with a message for
 * the next page (post/redirect/get, so a reload never sends it twice) or answers the errors to show beside the
 * fields, with what was typed kept.
 */

/** What a form shows after a refusal: a message per field, and messages about the form as a whole. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string[];
}

/** A form's answer when it was refused: its errors and what was typed, to fill the fields again. */
export interface FormRefusal {
  errors: FormErrors;
  values: Record<string, string>;
}

/** The form's fields as text (files and repeated names aside: the first value of each). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/** A zod refusal as a form's errors: each issue under the field it names (its first path segment). */
export function errorsOfIssues(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = { fields: {}, form: [] };
  for (const issue of issues) {
    const field = issue.path.map(String).join(".");
    if (field && !errors.fields[field]) errors.fields[field] = issue.message;
    else if (!field) errors.form.push(issue.message);
  }
  return errors;
}

/**
 * The form's field for one the API named as it saw it ("body.prices.0.amount", "params.currencyCode", "email"):
 * its first segment after the part of the request ("prices"), unless the page renames it (by the whole path or by
 * that segment) because its own field has another name.
 */
function formFieldOf(apiField: string, rename?: Record<string, string>): string {
  const path = apiField.replace(/^(body|params|query|headers)\./, "");
  const first = path.split(".")[0]!;
  return rename?.[path] ?? rename?.[first] ?? first;
}

/**
 * The API's refusal as a form's errors: an error naming a field goes beside that field of the form (`rename` maps
 * the API's names to the form's where they differ), the others above the form.
 */
export function errorsOfApi(error: ApiRequestError, rename?: Record<string, string>): FormErrors {
  const errors: FormErrors = { fields: {}, form: [] };
  for (const item of error.errors) {
    const field = "field" in item && typeof item.field === "string" ? formFieldOf(item.field, rename) : undefined;
    if (field && !errors.fields[field]) errors.fields[field] = item.message;
    else errors.form.push(item.message);
  }
  if (errors.form.length === 0 && Object.keys(errors.fields).length === 0) errors.form.push(error.message);
  return errors;
}

/** The status a refused form answers with: the API's (400, 404, 409, 422…), else 400 for our own checks. */
function refusalStatus(error: unknown): number {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 600 ? error.status : 400;
}

/**
 * Checks a form against a schema and runs `act` with what it parsed; an invalid form, or an API refusal,
 * answers the errors (with the typed values, the button's `intent` among them, so a page of many small forms
 * shows the refusal in the one that was sent) instead. Other failures are the error page's. The `intent` that
 * chose the action is not one of the form's fields: the contracts' strict body schemas would refuse it.
 * `rename` maps the API's field names to the form's, where they differ.
 */
export async function handleForm<Schema extends z.ZodType, Result>(
  form: FormData,
  schema: Schema,
  act: (input: z.output<Schema>) => Promise<Result>,
  rename?: Record<string, string>,
): Promise<Result | ReturnType<typeof data<FormRefusal>>> {
  const values = formValues(form);
  const { intent: _intent, ...fields } = values;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return data<FormRefusal>({ errors: errorsOfIssues(parsed.error.issues), values }, { status: 400 });
  try {
    return await act(parsed.data);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status < 500 || error.status === 503)) return refused(error, values, rename);
    throw error;
  }
}

/** The answer of a form the API refused. */
export function refused(error: ApiRequestError, values: Record<string, string> = {}, rename?: Record<string, string>) {
  return data<FormRefusal>({ errors: errorsOfApi(error, rename), values }, { status: refusalStatus(error) });
}

/** After a form did what it asked: to `to`, with a message for that page. */
export function redirectWithMessage(request: Request, to: string, message: string): Response {
  return redirect(to, { headers: { "Set-Cookie": flashCookie(request, message) } });
}
