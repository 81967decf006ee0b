import { NoContentSchema, type Operation } from "./operation";
import {
  AcceptedResponseSchema,
  ChangePasswordBodySchema,
  CurrentCustomerResponseSchema,
  CustomerSettingsResponseSchema,
  InviteCompleteBodySchema,
  LinkStatusBodySchema,
  LinkStatusResponseSchema,
  PasswordResetBodySchema,
  PasswordResetCompleteBodySchema,
  PrivacyPolicyParamsSchema,
  PrivacyPolicyResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignupCompleteBodySchema,
  SignupRequestBodySchema,
  UpdateCustomerSettingsBodySchema,
} from "../identity";

/** Sign-in, registration, password reset, the signed-in customer and the privacy policy. */
export const identityOperations = {
  // Sign-in, registration, password reset.
  signIn: { method: "POST", path: "/auth/sign-in", body: SignInBodySchema, response: SignInResponseSchema },
  signOut: { method: "POST", path: "/auth/sign-out", response: NoContentSchema, status: 204 },
  requestSignup: {
    method: "POST",
    path: "/auth/signup-request",
    body: SignupRequestBodySchema,
    response: AcceptedResponseSchema,
    status: 202,
  },
  completeSignup: {
    method: "PUT",
    path: "/auth/signup-request/complete",
    body: SignupCompleteBodySchema,
    response: SignInResponseSchema,
    status: 201,
  },
  completeInvite: {
    method: "PUT",
    path: "/auth/invites/complete",
    body: InviteCompleteBodySchema,
    response: SignInResponseSchema,
    status: 201,
  },
  getLinkStatus: { method: "POST", path: "/auth/links/status", body: LinkStatusBodySchema, response: LinkStatusResponseSchema },
  requestPasswordReset: {
    method: "POST",
    path: "/passwords/reset",
    body: PasswordResetBodySchema,
    response: AcceptedResponseSchema,
    status: 202,
  },
  completePasswordReset: {
    method: "POST",
    path: "/passwords/reset/complete",
    body: PasswordResetCompleteBodySchema,
    response: SignInResponseSchema,
  },

  // The signed-in customer and the privacy policy.
  getCurrentCustomer: { method: "GET", path: "/customers/current", response: CurrentCustomerResponseSchema },
  getCustomerSettings: { method: "GET", path: "/customers/current/settings", response: CustomerSettingsResponseSchema },
  updateCustomerSettings: {
    method: "PUT",
    path: "/customers/current/settings",
    body: UpdateCustomerSettingsBodySchema,
    response: CustomerSettingsResponseSchema,
  },
  changePassword: {
    method: "PUT",
    path: "/customers/current/password",
    body: ChangePasswordBodySchema,
    response: NoContentSchema,
    status: 204,
  },
  getCurrentPrivacyPolicy: { method: "GET", path: "/privacy-policies/current", response: PrivacyPolicyResponseSchema },
  acceptPrivacyPolicy: {
    method: "PUT",
    path: "/privacy-policies/:id/accept",
    params: PrivacyPolicyParamsSchema,
    response: CurrentCustomerResponseSchema,
  },
} as const satisfies Record<string, Operation>;
