import type { CurrentStaff } from "@quire/contracts";
import { data, redirect } from "react-router";
import { ApiRequestError } from "./api.server";
import { clearCookie, readCookie, SESSION_COOKIE } from "./cookies.server";

/** Where sign-in sends a person afterwards: a path of the back office only (never another site). */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value.slice(0, 500);
}

/** To the sign-in page, coming back to where the person was; a stale session cookie is cleared on the way. */
export function toSignIn(request: Request): Response {
  const url = new URL(request.url);
  const next = url.pathname === "/" ? "" : `?next=${encodeURIComponent(url.pathname + url.search)}`;
  const headers = readCookie(request, SESSION_COOKIE) ? { "Set-Cookie": clearCookie(request, SESSION_COOKIE) } : undefined;
  return redirect(`/sign-in${next}`, { headers });
}

/** The signed-in member, or the redirect to sign in when there is no live session. */
export async function currentStaff(request: Request, me: () => Promise<{ data: CurrentStaff }>): Promise<CurrentStaff> {
  if (!readCookie(request, SESSION_COOKIE)) throw toSignIn(request);
  try {
    return (await me()).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw toSignIn(request);
    throw error;
  }
}

/**
 * A page's read: an API refusal becomes the page's own answer (403 not allowed, 404 not found, 503 away, 401 sign
 * in again) instead of a 500, so the error page says what happened.
 */
export async function pageRead<T>(request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 401) throw toSignIn(request);
    if ([400, 403, 404, 409, 422, 503].includes(error.status))
      throw data(error.message, { status: error.status === 400 || error.status === 422 ? 404 : error.status });
    throw error;
  }
}
