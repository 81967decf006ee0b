import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, INT32_MAX, MAX_PAGE_SIZE, MAX_RESULT_WINDOW, MULTILINE_TEXT, SINGLE_LINE_TEXT } from "./constants";

export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "Expected an ISO 4217 code such as GBP");
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code such as GB");

/** An amount of money: integer minor units (pence, cents) plus currency. Never a float. */
export const MoneySchema = z.object({ amount: z.number().int(), currencyCode: CurrencyCodeSchema }).meta({ id: "Money" });
export type MoneyDto = z.infer<typeof MoneySchema>;

// ---------------------------------------------------------------- bounds of what storage holds
//
// Every id, count and string a request may carry is bounded here, once, by what its PostgreSQL column
// holds, so an out-of-range number or a byte PostgreSQL refuses is a 400 naming the field, never a
// database error. Request schemas build on these pieces instead of bare z.number() or z.string().

/** A row id: a PostgreSQL `integer` identity, 1 to INT32_MAX. */
export const IdSchema = z.number().int().min(1).max(INT32_MAX);
/** A row id taken from a path or query string. */
export const IdParamSchema = z.coerce.number().int().min(1).max(INT32_MAX);
/**
 * A signed preview token (a merchant's preview link of a product, page or post): `<id>.<expiry in Unix seconds>.<signature>`,
 * the signature an HMAC-SHA256 in base64url.
 */
export const PreviewTokenSchema = z.string().regex(/^[1-9]\d{0,9}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, "Expected a preview token");
/** A whole number from `min` to `max` taken from a path or query string (max no more than INT32_MAX). */
export function intParamSchema(min: number, max: number) {
  return z.coerce.number().int().min(min).max(Math.min(max, INT32_MAX));
}

/**
 * Text a caller sends: at most `max` characters (counted after trimming when `trim` is set), at least `min`,
 * and no control characters (line breaks and tabs allowed only when `multiline`). Every free-text field of a
 * request uses it; fields with a stricter shape (slugs, codes, emails) use their own pattern instead.
 */
export function textSchema(options: {
  max: number;
  min?: number;
  trim?: boolean;
  multiline?: boolean;
  minMessage?: string;
  maxMessage?: string;
}) {
  let text = options.trim ? z.string().trim() : z.string();
  const min = options.min ?? 0;
  if (min > 0) text = text.min(min, options.minMessage ?? (min === 1 ? "Enter a value" : `Use at least ${min} characters`));
  // A text past its length is refused without reading it further: `abort` skips the character check, so the
  // cost of a refusal does not grow with what was sent.
  return text
    .max(options.max, { error: options.maxMessage ?? `Use at most ${options.max} characters`, abort: true })
    .regex(options.multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE);
}

/**
 * An array query parameter. `qs` reads `?Skus[0]=a&Skus[1]=b` and `?Skus=a&Skus=b` as arrays but a single
 * `?Skus=a` as a plain value, which is what a client generated from the OpenAPI document sends for one
 * item: both forms are accepted and the handler always sees an array.
 */
export function queryArraySchema<T extends z.ZodType>(item: T, options: { min?: number; max: number }) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(item)
      .min(options.min ?? 0)
      .max(options.max),
  );
}

export const SlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Expected a slug such as gift-books-for-her");

/** PageNumber (1-based) and PageSize, capitalised as the storefront sends them. */
/**
 * Where a keyset page of a list sorted otherwise than newest first ended: the last row's id, and, when the list is
 * sorted by a text (a product's name, a customer's email), that row's text, which with the id places the next page.
 */
export interface TextPageKey {
  id: number;
  text?: string;
}

/**
 * A page key as it travels in the address: `<id>`, or `<id>:<text>`. Plain text rather than an opaque token: it holds
 * only what the caller was just shown, and the API reads it back with the text's own bounds.
 */
export function writeTextPageKey(key: TextPageKey): string {
  return key.text === undefined ? String(key.id) : `${key.id}:${key.text}`;
}

const TEXT_PAGE_KEY = /^([1-9][0-9]{0,9})(?::([\s\S]+))?$/;

/** A list's `after`: a page key as `writeTextPageKey` writes it, its text at most `maxText` characters, read back. */
export function textPageKeySchema(maxText: number) {
  const textOfKey = textSchema({ min: 1, max: maxText });
  return z
    .string()
    .max(maxText + 11, { error: "Not a page key of this list", abort: true })
    .transform((key, context): TextPageKey => {
      const match = TEXT_PAGE_KEY.exec(key);
      const id = match ? Number(match[1]) : 0;
      const text = match?.[2];
      if (!match || id > INT32_MAX || (text !== undefined && !textOfKey.safeParse(text).success)) {
        context.addIssue({ code: "custom", message: "Not a page key of this list" });
        return z.NEVER;
      }
      return text === undefined ? { id } : { id, text };
    });
}

export const PageQuerySchema = z.object({
  PageNumber: intParamSchema(1, MAX_RESULT_WINDOW).default(1),
  PageSize: intParamSchema(1, MAX_PAGE_SIZE).default(24),
});

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    total: z.number().int().min(0),
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalPages: z.number().int().min(0),
  });
}

/** Every successful answer wraps its payload in `data` (a tree answers data.nodes, a menu data.data...). */
export function dataSchema<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

/**
 * Idempotency-Key, for the unsafe calls that accept it (each says so in its description): a value the caller
 * makes up once per intent, e.g. a UUID, and sends again with every retry of that intent. The first answer is
 * replayed for 24 hours; the same key with other input answers 422 `idempotency_key_reused`, and while the
 * first request still runs, 409 `idempotency_request_in_flight`. Printable ASCII, 16 to 255 characters.
 */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{16,255}$/, "Expected 16 to 255 printable characters, such as a UUID");
/** The headers schema of a call that accepts an Idempotency-Key (Node lowercases header names). */
export const IdempotentCallHeadersSchema = z.object({ "idempotency-key": IdempotencyKeySchema.optional() });

/**
 * The request headers every call carries (API-Key, StoreKey, CurrencyCode, CountryCode, and Authorization when
 * signed in). Header names are case-insensitive; Node lowercases them.
 */
export const RequestHeadersSchema = z.object({
  "api-key": z.string().optional(),
  storekey: z.string().optional(),
  currencycode: z.string().optional(),
  countrycode: z.string().optional(),
  authorization: z.string().optional(),
});
