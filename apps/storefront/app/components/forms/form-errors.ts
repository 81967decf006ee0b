/**
 * One problem a form shows: an error the API answered, or one the form's own check found before calling it
 * (`invalid_input` with its field, `unknown_intent`: lib/form-intents.server.ts); codes are the catalogue's.
 * Branch on API outcomes with hasErrorCode.
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
