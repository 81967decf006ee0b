import { ErrorResponseSchema, MAX_IMAGE_UPLOAD_BYTES, operations, type AdminProductImage } from "@quire/contracts";
import { API_UNREACHABLE, ApiRequestError, isConnectionFailure, operationPath, UNEXPECTED_RESPONSE } from "@quire/web-kit/operation-client";
import { FormData, request } from "undici";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import { getEnv } from "./env.server";

/** The largest upload form the back office reads: the API's largest picture and room for the form's other fields. */
export const MAX_UPLOAD_FORM_BYTES = MAX_IMAGE_UPLOAD_BYTES + 64 * 1024;

/** Whether a request announces a body larger than an upload form may be (a request without a length is read). */
export function isUploadTooLarge(incoming: Request): boolean {
  const length = Number(incoming.headers.get("content-length") ?? "0");
  return Number.isFinite(length) && length > MAX_UPLOAD_FORM_BYTES;
}

/** An answer's body as JSON; null when there is none or it is not JSON. */
function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Uploads a picture of a product to the API (uploadProductImage), as multipart/form-data: the typed client sends
 * JSON only. The same headers as the client's (root.tsx's caller: the store's key, the member's session, their
 * address and the request's id), and the answer parsed with the operation's response schema; a refusal is an
 * ApiRequestError as the client's are.
 */
export async function uploadProductImage(incoming: Request, productId: number, file: File, alt: string): Promise<AdminProductImage> {
  const env = getEnv();
  const operation = operations.uploadProductImage;
  const headers: Record<string, string> = { StoreKey: env.STORE_KEY, accept: "application/json" };
  const token = readCookie(incoming, SESSION_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  const clientAddress = incoming.headers.get("x-quire-client-address");
  if (clientAddress) headers["X-Forwarded-For"] = clientAddress;
  const requestId = incoming.headers.get("x-request-id");
  if (requestId) headers["X-Request-Id"] = requestId;

  const body = new FormData();
  body.set("alt", alt);
  body.set("file", file, file.name || "picture");
  let answer;
  try {
    answer = await request(`${env.API_URL}${operationPath(operation.path, { id: productId })}`, {
      method: operation.method,
      headers,
      body,
    });
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    throw new ApiRequestError(503, [{ code: API_UNREACHABLE, message: "The shop's API cannot be reached. Try again in a moment." }]);
  }
  const text = await answer.body.text();
  const payload = jsonOf(text);
  if (answer.statusCode < 200 || answer.statusCode >= 300) {
    const parsed = ErrorResponseSchema.safeParse(payload);
    throw new ApiRequestError(
      answer.statusCode,
      parsed.success ? parsed.data.errors : [{ code: UNEXPECTED_RESPONSE, message: `API answered ${answer.statusCode}` }],
    );
  }
  return operation.response.parse(payload).data;
}
