import type { ApiErrorCode } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { SessionCustomer } from "../modules/identity/sessions.repository";
import { AppError } from "./errors";

/**
 * The signed-in customer of a protected call, or the error the storefront acts on:
 * 401 without a session (sign out, go to /auth/login); 403 `password_change_required` when the shop forces
 * a new password (go to /account/settings); 403 `privacy_policy_not_accepted` until the current privacy
 * policy is accepted (go to /privacy-policy). The calls that resolve those states opt out of their check.
 */
/** What requireCustomer answers, for the `x-error-codes` of the routes that call it (only the first with both options). */
export const CUSTOMER_ERRORS = [
  "authentication_required",
  "password_change_required",
  "privacy_policy_not_accepted",
] as const satisfies readonly ApiErrorCode[];

export function requireCustomer(
  request: FastifyRequest,
  options: { allowPasswordChangeRequired?: boolean; allowPrivacyPolicyPending?: boolean } = {},
): SessionCustomer {
  const customer = request.ctx.customer;
  if (!customer) throw new AppError("authentication_required");
  if (customer.passwordChangeRequired && !options.allowPasswordChangeRequired) throw new AppError("password_change_required");
  if (!customer.hasAcceptedPrivacyPolicy && !options.allowPrivacyPolicyPending) throw new AppError("privacy_policy_not_accepted");
  return customer;
}
