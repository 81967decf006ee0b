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
} from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCustomer } from "../../http/require-customer";
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
import { signIn, signOut, TooManyAttemptsError, type IdentityDeps } from "./sign-in.service";

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
    { schema: { tags: ["Auth"], summary: "Sign in with email and password", body: SignInBodySchema, response: { 200: SignInResponseSchema } } },
    async (request, reply) => {
      try {
        const input = { ...request.body, storeId: request.ctx.store.id, clientIp: request.ctx.clientIp, userAgent: userAgent(request) };
        return { data: await signIn(deps, input) };
      } catch (error) {
        if (error instanceof TooManyAttemptsError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    "/auth/sign-out",
    { schema: { tags: ["Auth"], security: bearer, summary: "End the bearer token's session", response: noContent } },
    async (request, reply) => {
      requireCustomer(request, evenWhilePending);
      await signOut(db, request.ctx.sessionId!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/signup-request",
    { schema: { tags: ["Auth"], summary: "Register: emails a link to finish signing up", body: SignupRequestBodySchema, response: accepted } },
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
        summary: "Whether an emailed sign-up, invite or reset link can still be used, without using it",
        body: LinkStatusBodySchema,
        response: { 200: LinkStatusResponseSchema },
      },
    },
    async (request) => ({ data: await getLinkStatus(db, request.ctx.store.id, request.body) }),
  );

  app.post(
    "/passwords/reset",
    { schema: { tags: ["Auth"], summary: "Email a password reset link (same answer for unknown emails)", body: PasswordResetBodySchema, response: accepted } },
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
        summary: "Set a new password from the emailed link; ends every session and signs in afresh",
        body: PasswordResetCompleteBodySchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request) => ({ data: await completePasswordReset(deps, request.ctx.store, request.body, userAgent(request)) }),
  );

  app.get(
    "/customers/current",
    { schema: { tags: ["Customer"], security: bearer, summary: "The signed-in customer", response: { 200: CurrentCustomerResponseSchema } } },
    async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await getCurrentCustomer(db, customer.id) };
    },
  );

  app.get(
    "/customers/current/settings",
    { schema: { tags: ["Customer"], security: bearer, summary: "The signed-in customer's settings", response: { 200: CustomerSettingsResponseSchema } } },
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
        summary: "Change the password; other sessions end, this one stays",
        body: ChangePasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request, evenWhilePending);
      try {
        await changePassword(deps, request.ctx.store, { customerId: customer.id, sessionId: request.ctx.sessionId! }, request.body);
      } catch (error) {
        if (error instanceof TooManyAttemptsError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/privacy-policies/current",
    { schema: { tags: ["Customer"], summary: "The store's current privacy policy", response: { 200: PrivacyPolicyResponseSchema } } },
    async (request) => ({ data: await getCurrentPrivacyPolicy(db, request.ctx.store.id) }),
  );

  app.put(
    "/privacy-policies/:id/accept",
    {
      schema: {
        tags: ["Customer"],
        security: bearer,
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
