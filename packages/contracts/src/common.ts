import { z } from "zod";

/** One problem with a request. `code` is stable and documented; `field` names the input it concerns. */
export const ApiErrorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: "ApiError" });

/** Every 4xx/5xx answer has this body (ARCHITECTURE.md); the storefront shows errors[0]. */
export const ErrorResponseSchema = z.object({ errors: z.array(ApiErrorSchema).min(1) }).meta({ id: "ErrorResponse" });
export type ApiError = z.infer<typeof ApiErrorSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "Expected an ISO 4217 code such as GBP");
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, "Expected an ISO 3166-1 alpha-2 code such as GB");

/** An amount of money: integer minor units (pence, cents) plus currency. Never a float. */
export const MoneySchema = z
  .object({ amount: z.number().int(), currencyCode: CurrencyCodeSchema })
  .meta({ id: "Money" });
export type MoneyDto = z.infer<typeof MoneySchema>;

export const IdSchema = z.number().int().positive();
/** A numeric id taken from a path or query string. */
export const IdParamSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const SlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Expected a slug such as gift-books-for-her");

export const MAX_PAGE_SIZE = 100;
/** Deepest result a page may reach (PageNumber × PageSize). Past it, narrow the query instead. */
export const MAX_RESULT_WINDOW = 10_000;

/** PageNumber (1-based) and PageSize, as the spec names them. */
export const PageQuerySchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(MAX_RESULT_WINDOW).default(1),
  PageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
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

/** Every successful answer wraps its payload in `data` (spec section 7: "answer data.nodes", "data.data"...). */
export function dataSchema<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

/** The request headers of spec section 7. Header names are case-insensitive; Node lowercases them. */
export const RequestHeadersSchema = z.object({
  "api-key": z.string().optional(),
  storekey: z.string().optional(),
  currencycode: z.string().optional(),
  countrycode: z.string().optional(),
  authorization: z.string().optional(),
});
export const HEADER_NAMES = {
  apiKey: "API-Key",
  storeKey: "StoreKey",
  currencyCode: "CurrencyCode",
  countryCode: "CountryCode",
} as const;
