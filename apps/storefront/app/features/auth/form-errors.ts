import type { z } from "zod";

/**
 * One problem a form shows: an error the API answered (a catalogue code), or one the form's own check found
 * before calling it (a zod issue code, `intent_invalid`). Branch on API outcomes with hasErrorCode.
 */
export interface FormError {
  code: string;
  message: string;
  field?: string;
}

/** What a form action answers when it did not succeed: the errors to show and the values to keep. */
export interface FormFailure {
  errors: FormError[];
  /** What the shopper typed (never passwords), so the form comes back filled in. */
  values?: Record<string, string>;
  /** Which of a page's forms failed, when it has several. */
  intent?: string;
}

/** Zod's issues as the API's error list, so a form shows local and API validation the same way. */
export function issuesToErrors(error: z.ZodError): FormError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return field ? { code: issue.code, message: issue.message, field } : { code: issue.code, message: issue.message };
  });
}

/** The first message for a field, to show beside it. */
export function fieldError(failure: FormFailure | undefined, field: string): string | undefined {
  return failure?.errors.find((error) => error.field === field)?.message;
}

/** Errors no visible field can show (wrong password, too many attempts, expired link): shown above the form. */
export function formErrors(failure: FormFailure | undefined, fields: readonly string[]): FormError[] {
  return failure ? failure.errors.filter((error) => !error.field || !fields.includes(error.field)) : [];
}

/** A text value from submitted form data; a missing or file value reads as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
