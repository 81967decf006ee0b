import { EMAILED_LINK_ERROR_CODES } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { saveCustomerSettings } from "../../flows/customer-settings.flow";
import { operationRoute } from "../../http/operation-route";
import { CUSTOMER_ERRORS, requireCustomer } from "../../http/require-customer";
import {
  acceptPrivacyPolicy,
  changePassword,
  getCurrentCustomer,
  getCurrentPrivacyPolicy,
  getCustomerSettings,
} from "./customer-account.service";
import { getLinkStatus } from "./emailed-links.service";
import { completePasswordReset, requestPasswordReset } from "./password-reset.service";
import { completeInvite, completeSignup, requestSignup } from "./registration.service";
import { signIn, signOut, type IdentityDeps } from "./sign-in.service";

const userAgent = (request: FastifyRequest) => request.headers["user-agent"] ?? "";
/** The calls that resolve a pending state must stay open while it is pending. */
const evenWhilePending = { allowPasswordChangeRequired: true, allowPrivacyPolicyPending: true };

// Sign-in, registration, password reset, the signed-in customer and the privacy policy.
export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const { db } = deps;
  const bearer = [{ apiKey: [], storeKey: [], bearer: [] }];

  app.route({
    ...operationRoute("signIn", {
      schema: {
        tags: ["Auth"],
        "x-error-codes": ["too_many_attempts", "invalid_credentials", "account_blocked"],
        summary: "Sign in with email and password",
      },
    }),
    handler: async (request) => {
      const input = { ...request.body, storeId: request.ctx.store.id, clientIp: request.ctx.clientIp, userAgent: userAgent(request) };
      return { data: await signIn(deps, input) };
    },
  });

  app.route({
    ...operationRoute("signOut", {
      schema: {
        tags: ["Auth"],
        security: bearer,
        "x-error-codes": ["authentication_required"],
        summary: "End the bearer token's session",
      },
    }),
    handler: async (request, reply) => {
      requireCustomer(request, evenWhilePending);
      await signOut(db, request.ctx.sessionId!);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("requestSignup", {
      schema: {
        tags: ["Auth"],
        summary: "Register: emails a link to finish signing up",
        // Past the per-client limit on identity mail (identity-mail-cap.ts), with Retry-After.
        "x-error-codes": ["too_many_requests"],
      },
    }),
    handler: async (request, reply) => {
      await requestSignup(deps, request.ctx.store, request.body, request.ctx.clientIp);
      return reply.status(202).send({ data: { accepted: true } });
    },
  });

  app.route({
    ...operationRoute("completeSignup", {
      schema: {
        tags: ["Auth"],
        "x-error-codes": [
          ...Object.values(EMAILED_LINK_ERROR_CODES.signup),
          "password_matches_email",
          "privacy_policy_not_current",
          "email_already_registered",
        ],
        summary: "Finish signing up from the emailed link; signs the new customer in",
      },
    }),
    handler: async (request, reply) => {
      const result = await completeSignup(deps, request.ctx.store, request.body, userAgent(request));
      return reply.status(201).send({ data: result });
    },
  });

  app.route({
    ...operationRoute("completeInvite", {
      schema: {
        tags: ["Auth"],
        "x-error-codes": [
          ...Object.values(EMAILED_LINK_ERROR_CODES.invite),
          "password_matches_email",
          "privacy_policy_not_current",
          "email_already_registered",
        ],
        summary: "Accept a trade invitation; creates the trade customer and signs them in",
      },
    }),
    handler: async (request, reply) => {
      const result = await completeInvite(deps, request.ctx.store, request.body, userAgent(request));
      return reply.status(201).send({ data: result });
    },
  });

  app.route({
    ...operationRoute("getLinkStatus", {
      schema: {
        tags: ["Auth"],
        summary: "Whether an emailed sign-up, invite or reset link can still be used, without using it",
      },
    }),
    handler: async (request) => ({ data: await getLinkStatus(db, request.ctx.store.id, request.body) }),
  });

  app.route({
    ...operationRoute("requestPasswordReset", {
      schema: {
        tags: ["Auth"],
        summary: "Email a password reset link (same answer for unknown emails)",
        // Past the per-client limit on identity mail (identity-mail-cap.ts), with Retry-After.
        "x-error-codes": ["too_many_requests"],
      },
    }),
    handler: async (request, reply) => {
      await requestPasswordReset(deps, request.ctx.store, request.body.email, request.ctx.clientIp);
      return reply.status(202).send({ data: { accepted: true } });
    },
  });

  app.route({
    ...operationRoute("completePasswordReset", {
      schema: {
        tags: ["Auth"],
        "x-error-codes": [...Object.values(EMAILED_LINK_ERROR_CODES.reset), "password_matches_email", "account_blocked"],
        summary: "Set a new password from the emailed link; ends every session and signs in afresh",
      },
    }),
    handler: async (request) => ({ data: await completePasswordReset(deps, request.ctx.store, request.body, userAgent(request)) }),
  });

  app.route({
    ...operationRoute("getCurrentCustomer", {
      schema: {
        tags: ["Customer"],
        security: bearer,
        "x-error-codes": ["authentication_required", "customer_not_found"],
        summary: "The signed-in customer",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await getCurrentCustomer(db, customer.id) };
    },
  });

  app.route({
    ...operationRoute("getCustomerSettings", {
      schema: {
        tags: ["Customer"],
        security: bearer,
        "x-error-codes": ["authentication_required", "customer_not_found"],
        summary: "The signed-in customer's settings",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await getCustomerSettings(db, customer.id) };
    },
  });

  app.route({
    ...operationRoute("updateCustomerSettings", {
      schema: {
        tags: ["Customer"],
        security: bearer,
        "x-error-codes": [...CUSTOMER_ERRORS, "customer_not_found"],
        summary: "Replace the signed-in customer's names, phone and marketing consent",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request);
      const { firstName, lastName, phone = "", marketingOptIn } = request.body;
      return { data: await saveCustomerSettings(db, customer.id, { firstName, lastName, phone, marketingOptIn }) };
    },
  });

  app.route({
    ...operationRoute("changePassword", {
      schema: {
        tags: ["Customer"],
        security: bearer,
        "x-error-codes": [
          "authentication_required",
          "customer_not_found",
          "too_many_attempts",
          "current_password_incorrect",
          "password_unchanged",
          "password_matches_email",
        ],
        summary: "Change the password; other sessions end, this one stays",
      },
    }),
    handler: async (request, reply) => {
      const customer = requireCustomer(request, evenWhilePending);
      await changePassword(deps, request.ctx.store, { customerId: customer.id, sessionId: request.ctx.sessionId! }, request.body);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("getCurrentPrivacyPolicy", {
      schema: {
        tags: ["Customer"],
        "x-error-codes": ["privacy_policy_not_found"],
        summary: "The store's current privacy policy",
      },
    }),
    handler: async (request) => ({ data: await getCurrentPrivacyPolicy(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("acceptPrivacyPolicy", {
      schema: {
        tags: ["Customer"],
        security: bearer,
        "x-error-codes": ["authentication_required", "privacy_policy_not_current", "customer_not_found"],
        summary: "Accept the current privacy policy",
      },
    }),
    handler: async (request) => {
      const customer = requireCustomer(request, evenWhilePending);
      return { data: await acceptPrivacyPolicy(db, customer, request.params.id) };
    },
  });
};
