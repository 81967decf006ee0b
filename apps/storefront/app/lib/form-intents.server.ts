import { defaultErrorMessageOf, IdempotencyKeySchema, INT32_MAX, type ApiErrorCode } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import type { FormError, FormFailure } from "~/components/forms/form-errors";
import { INTENT_FIELD } from "./form-intents";
import { t } from "~/lib/i18n/messages/error-server";

/*
 * The one way a storefront action reads a form (docs/decisions/023): a zod object schema (the contract's,
 * or one built from it) says which fields the form has; parseForm reads exactly those fields out of the
 * FormData and checks them; dispatchIntent picks the handler the form's `intent` names. Server-only: the
 * schemas and zod stay out of the browser.
 */

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: FormError[] };

/** A field the schema reads as a list (every value posted under its name), such as ticked checkboxes. */
function isListField(field: z.core.$ZodType): boolean {
  const def = field._zod.def;
  if (def.type === "array") return true;
  if (def.type === "pipe") return isListField((def as z.core.$ZodPipeDef).in);
  if ("innerType" in def) return isListField((def as z.core.$ZodOptionalDef).innerType);
  return false;
}

/**
 * What was posted for the schema's fields, as zod reads it: a list field gets every value, any other field
 * its value, and an absent (or file) field is left out. Text is kept as typed, an empty field as "", so the
 * contract's own messages ("Enter your first name") apply. Fields the schema does not name are not read,
 * so a strict contract schema refuses nothing the form adds for itself (intent, redirectTo).
 */
export function formValues(form: FormData, shape: z.core.$ZodLooseShape): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const texts = form.getAll(name).filter((value): value is string => typeof value === "string");
    if (isListField(field)) values[name] = texts;
    else if (texts.length > 0) values[name] = texts[0];
  }
  return values;
}

/** A form that is only its button (its intent says it all), or whose fields are named per line and read apart. */
export const NoFieldsFormSchema = z.object({});

/**
 * An id posted by a form (a variant, a line, a policy): digits only, 1 to the largest row id. The contract's
 * IdParamSchema coerces, and would take "1e3" or "0x1F" from a form; a form posts what its page rendered.
 */
export function postedIdField(message = t("error.item_not_found")) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(1, message).max(INT32_MAX, message));
}

/**
 * The Idempotency-Key a form was rendered with (decision 018); a missing or mangled one sends no key, so the
 * call still goes through (once, unless resent).
 */
export const PostedIdempotencyKeyField = IdempotencyKeySchema.optional().catch(undefined);

/** A checkbox: posted as "on" when ticked, absent when not (as browsers send it). */
export const CheckboxField = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** One code every refused field carries: the same the API answers for a value its schema refuses. */
const INVALID_FIELD: ApiErrorCode = "invalid_input";

/** Zod's issues as a form's errors, each naming its field (the top-level form field it came from). */
export function issuesToFormErrors(error: z.ZodError): FormError[] {
  return error.issues.map((issue) => {
    const [field] = issue.path;
    return typeof field === "string"
      ? { code: INVALID_FIELD, message: issue.message, field }
      : { code: INVALID_FIELD, message: issue.message };
  });
}

/** A posted form checked against an object schema: the typed values, or an error per refused field. */
export function parseForm<S extends z.ZodObject>(form: FormData, schema: S): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(formValues(form, schema.shape));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: issuesToFormErrors(parsed.error) };
}

/** One intent of a page: the fields its form posts, and what to do with them once they are valid. */
export interface IntentHandler<S extends z.ZodObject, Answer, Refusal = Answer> {
  schema: S;
  /** The checked values; the form too, for fields named per line or row that no fixed schema lists. */
  run: (values: z.output<S>, form: FormData) => Answer | Promise<Answer>;
  /**
   * How this form shows refused fields. By default a 400 with the errors (FormFailure), which the form
   * shows beside its fields; forms that answer with a redirect and a toast (no JavaScript) say so here.
   */
  invalid?: (errors: FormError[], form: FormData) => Refusal | Promise<Refusal>;
}

/** Declares one intent's handler with its values typed from its schema (TypeScript infers per entry here). */
export function intent<S extends z.ZodObject, Answer, Refusal = Answer>(
  handler: IntentHandler<S, Answer, Refusal>,
): IntentHandler<S, Answer, Refusal> {
  return handler;
}

const UNKNOWN_INTENT: ApiErrorCode = "unknown_intent";

/** The answer to a form that names no intent of the page, or none at all: nothing was done (400). */
export function unknownIntent() {
  return data<FormFailure>(
    { errors: [{ code: UNKNOWN_INTENT, message: defaultErrorMessageOf(UNKNOWN_INTENT) ?? UNKNOWN_INTENT }] },
    { status: 400 },
  );
}

/** The answer to refused fields when the intent does not choose its own: 400 with the errors, and which form. */
function invalidFields(errors: FormError[], intentName: string) {
  return data<FormFailure>({ errors, intent: intentName }, { status: 400 });
}

// Handlers of different schemas in one map: each entry was typed when it was declared with intent().
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyIntentHandler = IntentHandler<any, unknown, unknown>;
/** What a handler answers: its run's answer, and its own refusal when it declares one. */
type AnswerOf<H> = H extends { run: (...args: never[]) => infer Answer } ? Awaited<Answer> | RefusalOf<H> : never;
type RefusalOf<H> = H extends { invalid?: (...args: never[]) => infer Refusal }
  ? unknown extends Refusal
    ? never
    : Awaited<Refusal>
  : never;

/**
 * Runs the handler the form's `intent` names, with its fields checked. An intent the page does not declare,
 * or none, answers 400 `unknown_intent` and runs nothing: a page never guesses what a form meant.
 */
export async function dispatchIntent<const Intents extends Record<string, AnyIntentHandler>>(
  form: FormData,
  intents: Intents,
): Promise<AnswerOf<Intents[keyof Intents]> | ReturnType<typeof unknownIntent> | ReturnType<typeof invalidFields>> {
  const name = form.get(INTENT_FIELD);
  if (typeof name !== "string" || !Object.hasOwn(intents, name)) return unknownIntent();
  const handler = intents[name]!;
  const parsed = parseForm(form, handler.schema);
  if (!parsed.ok) return (handler.invalid ? handler.invalid(parsed.errors, form) : invalidFields(parsed.errors, name)) as never;
  return (await handler.run(parsed.value, form)) as never;
}
