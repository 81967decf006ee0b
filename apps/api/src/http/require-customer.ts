import type { FastifyRequest } from "fastify";
import type { SessionCustomer } from "../modules/identity/sessions.repository";
import { AppError } from "./errors";

/**
 * The signed-in customer of a protected call, or the error the storefront acts on (spec section 8):
 * 401 without a session (sign out, go to /auth/login); 403 `password_change_required` when the shop forces
 * a new password (go to /account/settings); 403 `privacy_policy_not_accepted` until the current privacy
 * policy is accepted (go to /privacy-policy). The calls that resolve those states opt out of their check.
 */
export function requireCustomer(
  request: FastifyRequest,
  options: { allowPasswordChangeRequired?: boolean; allowPrivacyPolicyPending?: boolean } = {},
): SessionCustomer {
  const customer = request.ctx.customer;
  if (!customer) throw new AppError(401, "authentication_required", "Sign in to continue");
  if (customer.passwordChangeRequired && !options.allowPasswordChangeRequired) {
    throw new AppError(403, "password_change_required", "Choose a new password to continue");
  }
  if (!customer.hasAcceptedPrivacyPolicy && !options.allowPrivacyPolicyPending) {
    throw new AppError(403, "privacy_policy_not_accepted", "Accept the current privacy policy to continue");
  }
  return customer;
}
