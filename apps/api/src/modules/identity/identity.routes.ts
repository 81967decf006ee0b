import {
  AcceptedResponseSchema,
  ChangePasswordBodySchema,
  CurrentCustomerResponseSchema,
  CustomerSettingsResponseSchema,
  EMAILED_LINK_ERROR_CODES,
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
} from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import {
  acceptPrivacyPolicy,
  changePassword,
  getCurrentCustomer,
  getCurrentPrivacyPolicy,
  getCustomerSettings,
  saveCustomerSettings,
} from "./customer-account.service";
import { getLinkStatus } from "./emailed-links.service";
import { completePasswordReset, requestPasswordReset } from "./password-reset.service";
import { completeInvite, completeSignup, requestSignup } from "./registration.service";
import { signIn, signOut, type IdentityDeps } from "./sign-in.service";

const userAgent = (request: FastifyRequest) => request.headers["user-agent"] ?? "";
/** The calls that resolve a pending state must stay open while it is pending. */
const evenWhilePending = { allowPasswordChangeRequired: true, allowPrivacyPolicyPending: true };

// Sign-in, registration, password reset, the signed-in customer and the privacy policy (spec section 7).
export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const { db } = deps;
  const bearer = [{ apiKey: [], storeKey: [], bearer: [] }];
  const noContent = { 204: z.null().describe("Done; no body") };
  const accepted = { 202: AcceptedResponseSchema };

  app.post(
    "/auth/sign-in",
    {
      schema: {
        tags: ["Auth"],
        operationId: "signIn",
        "x-error-codes": ["too_many_attempts", "invalid_credentials"],
        summary: "Sign in with email and password",
        body: SignInBodySchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request) => {
      const input = { ...request.body, storeId: request.ctx.store.id, clientIp: request.ctx.clientIp, userAgent: userAgent(request) };
      return { data: await signIn(deps, input) };
    },
  );

  app.post(
    "/auth/sign-out",
    {
      schema: {
        tags: ["Auth"],
        security: bearer,
        operationId: "signOut",
        "x-error-codes": ["authentication_required"],
        summary: "End the bearer token's session",
        response: noContent,
      },
    },
    async (request, reply) => {
      requireCustomer(request, evenWhilePending);
      await signOut(db, request.ctx.sessionId!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/signup-request",
    {
      schema: {
        tags: ["Auth"],
        operationId: "requestSignup",
        summary: "Register: emails a link to finish signing up",
        body: SignupRequestBodySchema,
        response: accepted,
      },
    },
    async (request, reply) => {
      await requestSignup(deps, request.ctx.store, request.body);
      return reply.status(202).send({ data: { accepted: true } });
    },
  );

  app.put(
    "/auth/signup-request/complete",
    {
      schema: {
        tags: ["Auth"],
        operationId: "completeSignup",
        "x-error-codes": [
          ...Object.values(EMAILED_LINK_ERROR_CODES.signup),
          "password_matches_email",
          "privacy_policy_not_current",
          "email_already_registered",
        ],
        summary: "Finish signing up from the emailed link; signs the new customer in",
        body: SignupCompleteBodySchema,
        response: { 201: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await completeSignup(deps, request.ctx.store, request.body, userAgent(request));
      return reply.status(201).send({ data: result });
    },
  );

  app.put(
    "/auth/invites/complete",
    {
      schema: {
        tags: ["Auth"],
        operationId: "completeInvite",
        "x-error-codes": [
          ...Object.values(EMAILED_LINK_ERROR_CODES.invite),
          "password_matches_email",
          "privacy_policy_not_current",
          "email_already_registered",
        ],
        summary: "Accept a trade invitation; creates the trade customer and signs them in",
        body: InviteCompleteBodySchema,
        response: { 201: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await completeInvite(deps, request.ctx.store, request.body, userAgent(request));
      return reply.status(201).send({ data: result });
    },
  );

  app.post(
    "/auth/links/status",
    {
      schema: {
        tags: ["Auth"],
        operationId: "getLinkStatus",
        summary: "Whether an emailed sign-up, invite or reset link can still be used, without using it",
        body: LinkStatusBodySchema,
        response: { 200: LinkStatusResponseSchema },
      },
    },
    async (request) => ({ data: await getLinkStatus(db, request.ctx.store.id, request.body) }),
  );

  app.post(
    "/passwords/reset",
    {
      schema: {
        tags: ["Auth"],
        operationId: "requestPasswordReset",
        summary: "Email a password reset link (same answer for unknown emails)",
        body: PasswordResetBodySchema,
        response: accepted,
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.ctx.store, request.body.email);
      return reply.status(202).send({ data: { accepted: true } });
    },
  );

  app.post(
    "/passwords/reset/complete",
    {
      schema: {
        tags: ["Auth"],
        operationId: "completePasswordReset",
        "x-error-codes": [...Object.values(EMAILED_LINK_ERROR_CODES.reset), "password_matches_email"],
        summary: "Set a new password from the emailed link; ends every session and signs in afresh",
        body: PasswordResetCompleteBodySchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request) => ({ data: await completePasswordReset(deps, request.ctx.store, request.body, userAgent(request)) }),
  );

  app.get(
    "/customers/current",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
        operationId: "getCurrentCustomer",
        "x-error-codes": ["authentication_required", "customer_not_found"],
        summary: "The signed-in customer",
        response: { 200: CurrentCustomerResponseSchema },
      },
    },
    async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await getCurrentCustomer(db, customer.id) };
    },
  );

  app.get(
    "/customers/current/settings",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
        operationId: "getCustomerSettings",
        "x-error-codes": ["authentication_required", "customer_not_found"],
        summary: "The signed-in customer's settings",
        response: { 200: CustomerSettingsResponseSchema },
      },
    },
    async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await getCustomerSettings(db, customer.id) };
    },
  );

  app.put(
    "/customers/current/settings",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
        operationId: "updateCustomerSettings",
        "x-error-codes": [...CUSTOMER_ERRORS, "customer_not_found"],
        summary: "Replace the signed-in customer's names, phone and marketing consent",
        body: UpdateCustomerSettingsBodySchema,
        response: { 200: CustomerSettingsResponseSchema },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { firstName, lastName, phone = "", marketingOptIn } = request.body;
      return { data: await saveCustomerSettings(db, customer.id, { firstName, lastName, phone, marketingOptIn }) };
    },
  );

  app.put(
    "/customers/current/password",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
        operationId: "changePassword",
        "x-error-codes": [
          "authentication_required",
          "customer_not_found",
          "too_many_attempts",
          "current_password_incorrect",
          "password_unchanged",
          "password_matches_email",
        ],
        summary: "Change the password; other sessions end, this one stays",
        body: ChangePasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request, evenWhilePending);
      await changePassword(deps, request.ctx.store, { customerId: customer.id, sessionId: request.ctx.sessionId! }, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/privacy-policies/current",
    {
      schema: {
        tags: ["Customer"],
        operationId: "getCurrentPrivacyPolicy",
        "x-error-codes": ["privacy_policy_not_found"],
        summary: "The store's current privacy policy",
        response: { 200: PrivacyPolicyResponseSchema },
      },
    },
    async (request) => ({ data: await getCurrentPrivacyPolicy(db, request.ctx.store.id) }),
  );

  app.put(
    "/privacy-policies/:id/accept",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
        operationId: "acceptPrivacyPolicy",
        "x-error-codes": ["authentication_required", "privacy_policy_not_current", "customer_not_found"],
        summary: "Accept the current privacy policy",
        params: PrivacyPolicyParamsSchema,
        response: { 200: CurrentCustomerResponseSchema },
      },
    },
    async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await acceptPrivacyPolicy(db, customer, request.params.id) };
    },
  );
};
