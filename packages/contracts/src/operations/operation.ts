import { z } from "zod";

/** The answer of a call that succeeds with 204: no body, which the client reads as null. */
export const NoContentSchema = z.null().describe("Done; no body");

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
export type SuccessStatus = 200 | 201 | 202 | 204;

/** One API operation: how it is called and what it answers on success. */
export interface Operation {
  method: HttpMethod;
  /** Fastify's template: `/wishlists/:id/wishlist-items/:itemId`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers beyond those every call sends (API-Key, StoreKey...). */
  headers?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The status of success; 200 when not said. */
  status?: SuccessStatus;
  /** The media type of a success that is not JSON (a PDF): the response schema then describes its bytes. */
  produces?: "application/pdf" | "text/csv" | "text/plain" | "image/*" | "text/event-stream";
  /**
   * The media type of a request body that is not JSON: a CSV file (the body schema describes its text) or a form
   * with a file (the body schema describes its fields).
   */
  consumes?: "text/csv" | "multipart/form-data";
}
