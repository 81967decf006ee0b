import { data } from "react-router";
import type { z } from "zod";
import { t } from "~/lib/i18n/messages/error";
import { ApiRequestError } from "./api.server";

/** The message of every not-found answer (docs/storefront-behaviour/errors-and-edge-cases.md). */
export function pageNotFoundMessage(path: string): string {
  return t("error.404_desc", { path });
}

function pathOf(request: Request | string): string {
  return typeof request === "string" ? request : new URL(request.url).pathname;
}

/**
 * A 404 to throw from a loader or action: `throw notFound(request)`. The root ErrorBoundary renders it as
 * the error page and React Router answers with status 404.
 */
export function notFound(request: Request | string) {
  return data(pageNotFoundMessage(pathOf(request)), { status: 404, statusText: "Not Found" });
}

/** A plain-text 404 for resource routes (sitemaps...), which have no error page to render. */
export function notFoundResponse(request: Request | string): Response {
  return new Response(pageNotFoundMessage(pathOf(request)), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The value, or a thrown 404 when it is missing. */
export function requireFound<T>(value: T | null | undefined, request: Request): T {
  if (value === null || value === undefined) throw notFound(request);
  return value;
}

/**
 * Route params parsed with a schema; params that fail validation answer 404 like an unmatched route
 * (an address whose parameters are invalid names no page).
 */
export function requireValidParams<S extends z.ZodType>(schema: S, params: unknown, request: Request): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(request);
  return parsed.data;
}

/** Awaits an API call and turns the API's 404 into the storefront's 404; other failures pass through. */
export async function requireApiFound<T>(call: Promise<T>, request: Request): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw notFound(request);
    throw error;
  }
}
