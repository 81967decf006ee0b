import { fromDecimalAmount } from "@quire/money";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import { ApiRequestError } from "./api.server";
import { errorsOfApi, errorsOfIssues, type FormErrors } from "./forms.server";

/*
 * The product page's forms. It holds many forms at once (one per variant's prices, one per picture's text), so a
 * refusal names the form it belongs to (`form`) and its field errors are keyed by the fields' element ids (a
 * variant's fields carry its prefix, "v12-sku"), which the error summary links to. The API names a field as the
 * body's path ("body.slug", "body.variants.0.sku"): the part after "body." is the form's field, mapped when the form
 * names it otherwise.
 */

/** A product form's refusal: which form, its errors by element id, and what was typed, by element id. */
export interface ProductFormRefusal {
  form: string;
  errors: FormErrors;
  values: Record<string, string>;
}

/** The errors of a form with its fields' names (renamed where the form names them otherwise) turned into their element ids. */
function prefixed(errors: FormErrors, prefix: string, rename: Record<string, string>): FormErrors {
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors.fields)) {
    const mapped = rename[field] ?? rename[field.split(".")[0] ?? ""] ?? field;
    fields[`${prefix}${mapped}`] ??= message;
  }
  return { fields, form: errors.form };
}

export interface ProductFormOptions {
  /** Which of the page's forms this is (its refusal is shown in it alone). */
  form: string;
  /** The prefix of its fields' element ids ("v12-"), "" when the page has one such form. */
  prefix?: string;
  /** The API's name of a field -> the form's, where they differ ("variants" -> "sku"). */
  rename?: Record<string, string>;
  /**
   * The form's Idempotency-Key field: a refusal gives it a new key, since the API keeps a refused call's answer for
   * its key (the corrected form is a new call).
   */
  renewKey?: string;
}

/**
 * Checks a form's values against a schema and runs `act` with what it parsed; an invalid form, or an API refusal,
 * answers the errors (with the typed values) for the form named in `options`. Other failures are the error page's.
 */
export async function handleProductForm<Schema extends z.ZodType, Result>(
  values: Record<string, unknown>,
  schema: Schema,
  options: ProductFormOptions,
  act: (input: z.output<Schema>) => Promise<Result>,
) {
  const prefix = options.prefix ?? "";
  const rename = options.rename ?? {};
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (typeof value === "string") typed[`${prefix}${name}`] = value;
  if (options.renewKey) typed[`${prefix}${options.renewKey}`] = randomUUID();
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    return data<ProductFormRefusal>(
      { form: options.form, errors: prefixed(errorsOfIssues(parsed.error.issues), prefix, rename), values: typed },
      { status: 400 },
    );
  }
  try {
    return await act(parsed.data);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status < 500 || error.status === 503)) {
      const status = error.status >= 400 ? error.status : 400;
      return data<ProductFormRefusal>(
        { form: options.form, errors: prefixed(errorsOfApi(error, rename), prefix, {}), values: typed },
        { status },
      );
    }
    throw error;
  }
}

/** An amount typed as "12.50", in minor units; "" stays undefined (not given). */
export const OptionalMoneyField = z
  .string()
  .trim()
  .optional()
  .transform((text, context) => {
    if (!text) return undefined;
    const amount = fromDecimalAmount(text);
    if (amount === null) {
      context.addIssue({ code: "custom", message: "Enter an amount such as 12.50" });
      return z.NEVER;
    }
    return amount;
  });

/** A checkbox: "on" when ticked, absent when not. */
export const CheckboxField = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** Ids ticked in a list of checkboxes (the form's every value of the name). */
export const IdListField = z.array(z.coerce.number().int().min(1).max(2_147_483_647));

/**
 * A variant's options as a person writes them, one per line, "Name: Value" ("Format: Hardback"); the code is made
 * from the name ("format"). "" is none.
 */
export const OptionsField = z
  .string()
  .optional()
  .transform((text, context) => {
    const options: { code: string; name: string; value: string }[] = [];
    for (const line of (text ?? "").split(/\r?\n/)) {
      if (!line.trim()) continue;
      const [name = "", ...rest] = line.split(":");
      const value = rest.join(":").trim();
      const code = name
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 50);
      if (!code || !value) {
        context.addIssue({ code: "custom", message: `Write each option as "Name: Value" ("${line.trim().slice(0, 40)}" is not)` });
        return z.NEVER;
      }
      options.push({ code, name: name.trim(), value });
    }
    return options;
  });

/**
 * A currency's quantity breaks as a person writes them, one per line, "10 = 8.50" (from 10 copies, 8.50 each);
 * "" is none.
 */
export const TierPricesField = z
  .string()
  .optional()
  .transform((text, context) => {
    const tiers: { minQuantity: number; amount: number }[] = [];
    for (const line of (text ?? "").split(/\r?\n/)) {
      if (!line.trim()) continue;
      const match = /^\s*(\d{1,7})\s*=\s*(\S+)\s*$/.exec(line);
      const amount = match ? fromDecimalAmount(match[2]!) : null;
      if (!match || amount === null || Number(match[1]) < 2) {
        context.addIssue({
          code: "custom",
          message: `Write each break as "quantity = price", such as "10 = 8.50", from 2 up ("${line.trim().slice(0, 40)}" is not)`,
        });
        return z.NEVER;
      }
      tiers.push({ minQuantity: Number(match[1]), amount });
    }
    return tiers;
  });
