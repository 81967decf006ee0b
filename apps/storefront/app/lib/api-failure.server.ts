import { redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { ApiRequestError, type ApiClient } from "./api.server";
import { decideApiFailure } from "./api-failure";
import type { PageLocation } from "./auth-redirects";
import { redirectWithToast } from "./flash.server";
import { getSafeRedirectPath, getSameOriginRefererPath } from "./safe-redirect";
import { signedOutCookieHeaders } from "./session.server";

/** Who made the failing call: whether it carried a sign-in token. */
export interface Caller {
  signedIn: boolean;
}

/**
 * The response a failed call leads to (docs/storefront-behaviour/errors-and-edge-cases.md), thrown from wherever the
 * call was made: a 401 goes to sign in, and when the call carried a token (one the API no longer accepts: revoked,
 * forged, expired) it signs out as the sign-out button does, clearing the token and the guest cart's cookies. An
 * anonymous visitor's 401 (a members-only call) keeps their guest cart. password_change_required and other 403s go
 * where the customer can resolve them. Errors left for the caller to show are returned unchanged.
 */
export async function toFailureRedirect(error: unknown, from: PageLocation, caller: Caller): Promise<unknown> {
  if (!(error instanceof ApiRequestError)) return error;
  const outcome = decideApiFailure(error, from);
  if (outcome.kind === "sign-out") {
    const headers = new Headers();
    if (caller.signedIn) for (const cookie of await signedOutCookieHeaders()) headers.append("Set-Cookie", cookie);
    return redirect(outcome.location, { headers });
  }
  if (outcome.kind === "redirect") return redirect(outcome.location);
  return error;
}

/**
 * The request's API client with the failure rules built in: every loader and action calls the API through it
 * (apiContext), so none of them repeats the 401/403 rules. Other failures still reject with ApiRequestError.
 */
export function guardApiClient(client: ApiClient, from: PageLocation, caller: Caller): ApiClient {
  const rethrow = async (error: unknown): Promise<never> => {
    throw await toFailureRedirect(error, from, caller);
  };
  const call: ApiClient["call"] = (operationId, ...input) => client.call(operationId, ...input).catch(rethrow);
  const download: ApiClient["download"] = (operationId, ...input) => client.download(operationId, ...input).catch(rethrow);
  return { call, download };
}

/** The error toast for a failed call: the first item of its errors list. */
export function errorToastOf(error: ApiRequestError): ToastMessage {
  return { kind: "error", message: error.errors[0]?.message ?? error.message };
}

/**
 * For actions: a failed call's first error as a toast on the page the form was posted from (works without
 * JavaScript). Anything that is not an API failure is rethrown for the error page.
 */
export async function redirectBackWithApiError(error: unknown, request: Request, fallback = "/"): Promise<Response> {
  if (!(error instanceof ApiRequestError)) throw error;
  const back = getSafeRedirectPath(getSameOriginRefererPath(request), fallback);
  return redirectWithToast(back, errorToastOf(error), { status: 303 });
}
