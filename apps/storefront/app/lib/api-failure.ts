import { hasErrorCode } from "@quire/contracts/constants";
import {
  ACCOUNT_SETTINGS_PATH,
  PASSWORD_CHANGE_LOCATION,
  PASSWORD_CHANGE_REQUIRED,
  PRIVACY_POLICY_PATH,
  signInLocation,
  withReturnTo,
  type PageLocation,
} from "./auth-redirects";
import { t } from "~/lib/i18n/messages/error-server";

/** What the storefront does about a failed API call (docs/storefront-behaviour/errors-and-edge-cases.md). */
export type ApiFailureOutcome =
  /** 401: forget the token and go to the sign-in page. */
  | { kind: "sign-out"; location: string }
  /** password_change_required, or another 403: go where the customer can resolve it. */
  | { kind: "redirect"; location: string }
  /** Anything else, or a redirect to the page the shopper is already on: show errors[0] as an error toast. */
  | { kind: "toast"; message: string };

/**
 * The failure rules in one function: a failure whose error is password_change_required goes to
 * /account/settings?message=password_change_required unless already there; a 401 signs out and goes to
 * /auth/login; any other 403 goes to /privacy-policy; everything else shows errors[0] as an error toast.
 */
export function decideApiFailure(
  failure: { status: number; errors: readonly { code: string; message: string }[] },
  from: PageLocation,
): ApiFailureOutcome {
  const first = failure.errors[0];
  const message = first?.message ?? t("error.api_failed");
  if (hasErrorCode(failure, PASSWORD_CHANGE_REQUIRED)) {
    return from.pathname === ACCOUNT_SETTINGS_PATH ? { kind: "toast", message } : { kind: "redirect", location: PASSWORD_CHANGE_LOCATION };
  }
  if (failure.status === 401) return { kind: "sign-out", location: signInLocation(from) };
  if (failure.status === 403) {
    return from.pathname === PRIVACY_POLICY_PATH
      ? { kind: "toast", message }
      : { kind: "redirect", location: withReturnTo(PRIVACY_POLICY_PATH, from) };
  }
  return { kind: "toast", message };
}
