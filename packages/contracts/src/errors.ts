import { z } from "zod";
import { API_ERROR_CODES } from "./error-codes";

export * from "./error-codes";

/** One of the catalogue's codes (error-codes.ts); each always comes with the same HTTP status. */
export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES).meta({ id: "ApiErrorCode" });

/** One problem with a request. `code` is stable and documented; `field` names the input it concerns. */
export const ApiErrorSchema = z
  .object({
    code: ApiErrorCodeSchema,
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: "ApiError" });

/** Every 4xx/5xx answer has this body, whatever the module; the storefront shows errors[0]. */
export const ErrorResponseSchema = z.object({ errors: z.array(ApiErrorSchema).min(1) }).meta({ id: "ErrorResponse" });
export type ApiError = z.infer<typeof ApiErrorSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
