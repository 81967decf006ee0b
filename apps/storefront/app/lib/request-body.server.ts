import type { MiddlewareFunction } from "react-router";
import { requestBodyErrorMessages } from "~/lib/i18n/messages/error-request-body";
import { translator } from "~/lib/i18n/translator";
import { getErrorPageTexts } from "~/components/ui/error-page-texts";
import { refusalResponse } from "./refusal-page.server";
import { redactUrlForLog } from "./request-log.server";

/**
 * The largest request body the storefront reads, as the API's own limit: no form of the shop comes near it (the
 * longest, the contact form's message, is a few KB). A larger one is refused before anything reads it whole.
 */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

/** What the shop's forms send: a form's own encodings (React Router's fetchers and postInBackground included). */
const FORM_MEDIA_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const METHODS_WITH_A_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const t = translator(requestBodyErrorMessages);

type BodyVerdict = { ok: true } | { ok: false; status: 400 | 413 | 415 };

/** The media type of a Content-Type header, lowercase and without its parameters ("multipart/form-data"). */
function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * Reads `body` up to `limit` bytes: its chunks, or null as soon as it runs past the limit, when reading
 * stops and the stream is cancelled. What a client sends beyond the limit is never held.
 */
export async function readWithin(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array[] | null> {
  if (body === null) return [];
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a copy's cancel settles only once the original is cancelled too, which React Router does.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

/**
 * Whether a request's body is one the shop's actions can read: a web form (else 415), within
 * MAX_REQUEST_BODY_BYTES (else 413: by its Content-Length before reading a byte, or once a body sent without
 * one runs past it), and, for multipart, one that parses (else 400). It reads a copy of the body, so the
 * action still reads the original; a URL-encoded form always parses.
 */
export async function judgeRequestBody(request: Request, limit = MAX_REQUEST_BODY_BYTES): Promise<BodyVerdict> {
  if (!METHODS_WITH_A_BODY.has(request.method.toUpperCase())) return { ok: true };
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return { ok: false, status: 413 };
  const contentType = request.headers.get("content-type");
  const mediaType = mediaTypeOf(contentType);
  if (!FORM_MEDIA_TYPES.has(mediaType)) return { ok: false, status: 415 };
  const chunks = await readWithin(request.clone().body, limit);
  if (chunks === null) return { ok: false, status: 413 };
  if (mediaType === "multipart/form-data") {
    try {
      await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": contentType! } }).formData();
    } catch {
      return { ok: false, status: 400 };
    }
  }
  return { ok: true };
}

function textsFor(status: 400 | 413 | 415, path: string) {
  if (status === 400) return getErrorPageTexts(400, path);
  const [title, description] =
    status === 413
      ? [t("error.body_too_large_title"), t("error.body_too_large_desc", { limit: `${MAX_REQUEST_BODY_BYTES / 1024} KB` })]
      : [t("error.body_not_a_form_title"), t("error.body_not_a_form_desc")];
  return { status, title, description, actionLabel: t("error.body_refused_action"), actionHref: "/store" };
}

/**
 * The one check of request bodies, for every route (page and resource routes alike): the root's middleware
 * right after the cross-site check, so no action, and no middleware that reads the session or writes a
 * cookie, runs for a body that is too large, not a form, or a broken one. Each route's action then reads a
 * form it knows is whole and bounded. A refused body answers the shop's error page. What becomes of the rest of a
 * 413's body is the HTTP server's business (server.mjs): it lets the client finish sending for a moment, so the
 * answer reaches it, then closes the connection.
 */
export const requestBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  const verdict = await judgeRequestBody(request);
  if (verdict.ok) return;
  const path = new URL(request.url).pathname;
  console.warn(`refused the body of ${request.method} ${redactUrlForLog(path)}: ${verdict.status}`);
  return refusalResponse(request, textsFor(verdict.status, path));
};
