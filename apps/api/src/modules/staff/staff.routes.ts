import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { ADMIN_SECURITY, adminAccess, adminWriteOf } from "../../http/admin-route";
import { operationRoute } from "../../http/operation-route";
import { listAuditEntries } from "../audit/audit.service";
import { acceptStaffInvitation, completeSecondFactor, signInStaff, signOutStaff, type CallerContext } from "./staff-auth.service";
import * as staff from "./staff.service";
import { completeSetUp, createSetUpLink } from "./staff-set-up.service";

/** The caller of a sign-in call: the store, the address (for the throttle) and the browser. */
function callerOf(request: FastifyRequest): CallerContext {
  const userAgent = request.headers["user-agent"];
  return {
    storeId: request.ctx.store.id,
    clientIp: request.ctx.clientIp,
    userAgent: typeof userAgent === "string" ? userAgent : "",
    requestId: request.id,
  };
}

/** The merchant's people and machines (decision 046): staff sign-in and two-factor, staff, API tokens, the audit log. */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Db; backOfficeUrl: string }> = async (app, { db, backOfficeUrl }) => {
  const signIn = { config: { admin: true, adminPublic: true }, schema: { tags: ["Admin"], security: [{ storeKey: [] }] } };

  app.route({
    ...operationRoute("staffSignIn", {
      ...signIn,
      schema: {
        ...signIn.schema,
        "x-error-codes": ["invalid_credentials", "too_many_attempts"],
        summary: "Sign a member of staff in: a session, or a challenge for the second factor",
      },
    }),
    handler: async (request) => ({ data: await signInStaff(db, callerOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("staffSecondFactor", {
      ...signIn,
      schema: {
        ...signIn.schema,
        "x-error-codes": ["second_factor_invalid", "too_many_attempts"],
        summary: "The second step of a two-factor sign-in: the challenge and a code from the authenticator app",
      },
    }),
    handler: async (request) => ({ data: await completeSecondFactor(db, callerOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("acceptStaffInvitation", {
      ...signIn,
      schema: {
        ...signIn.schema,
        "x-error-codes": [
          "staff_invitation_invalid",
          "staff_invitation_used",
          "staff_invitation_expired",
          "staff_email_taken",
          "password_matches_email",
        ],
        summary: "Accept an invitation to the shop's staff: choose a password and be signed in",
      },
    }),
    handler: async (request) => ({ data: await acceptStaffInvitation(db, callerOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("completeStaffSetUp", {
      ...signIn,
      schema: {
        ...signIn.schema,
        "x-error-codes": [
          "staff_set_up_link_invalid",
          "staff_set_up_link_used",
          "staff_set_up_link_expired",
          "shop_has_owner",
          "staff_email_taken",
          "password_matches_email",
        ],
        summary: "Become the shop's first owner from a set-up link: choose email, name and password, and be signed in",
      },
    }),
    handler: async (request) => ({ data: await completeSetUp(db, callerOf(request), request.body) }),
  });

  // A bootstrap key's call only: staff sessions and API tokens (even an owner's) are refused, 403 bootstrap_key_required.
  const bootstrap = adminAccess("staff");
  app.route({
    ...operationRoute("createStaffSetUpLink", {
      config: { ...bootstrap.config, auditedInService: true },
      schema: {
        ...bootstrap.schema,
        security: [{ adminKey: [], storeKey: [] }],
        "x-error-codes": [...bootstrap.errors, "bootstrap_key_required", "shop_has_owner"],
        summary:
          "A one-time link (72 hours) that makes the shop's first owner; only a bootstrap key may ask, while the shop has no active owner",
        description: "A newer link voids the older unused ones. The link is answered, never mailed: give it to the shop's owner.",
      },
    }),
    handler: async (request, reply) => reply.status(201).send({ data: await createSetUpLink(db, adminWriteOf(request), backOfficeUrl) }),
  });

  // ---------------------------------------------------------------- the signed-in member
  const own = adminAccess("own-session");
  const ownErrors = [...own.errors, "staff_not_found"] as const;

  app.route({
    ...operationRoute("staffSignOut", {
      config: own.config,
      schema: { ...own.schema, "x-error-codes": [...own.errors], summary: "End the caller's staff session" },
    }),
    handler: async (request, reply) => {
      await signOutStaff(db, adminWriteOf(request).principal);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("getCurrentStaff", {
      config: own.config,
      schema: { ...own.schema, "x-error-codes": [...ownErrors], summary: "The signed-in member of staff" },
    }),
    handler: async (request) => ({
      data: {
        ...(await staff.getCurrentStaff(db, request.ctx.store.id, adminWriteOf(request).principal)),
        shopTimeZone: request.ctx.store.timeZone,
      },
    }),
  });

  app.route({
    ...operationRoute("startTwoFactorSetup", {
      config: own.config,
      schema: {
        ...own.schema,
        "x-error-codes": [...ownErrors, "two_factor_already_enabled"],
        summary: "A new secret for the member's authenticator app; two-factor sign-in starts once a code confirms it",
      },
    }),
    handler: async (request) => ({ data: await staff.startTwoFactorSetup(db, adminWriteOf(request), request.ctx.store.name) }),
  });

  app.route({
    ...operationRoute("confirmTwoFactor", {
      config: { ...own.config, auditedInService: true },
      schema: {
        ...own.schema,
        "x-error-codes": [...ownErrors, "two_factor_already_enabled", "two_factor_not_started", "second_factor_invalid"],
        summary: "Turn two-factor sign-in on with a code from the app; the member's other sessions end",
      },
    }),
    handler: async (request) => ({ data: await staff.confirmTwoFactor(db, adminWriteOf(request), request.body.code) }),
  });

  app.route({
    ...operationRoute("disableTwoFactor", {
      config: { ...own.config, auditedInService: true },
      schema: {
        ...own.schema,
        "x-error-codes": [...ownErrors, "current_password_incorrect"],
        summary: "Turn two-factor sign-in off, with the member's password",
      },
    }),
    handler: async (request) => ({ data: await staff.disableTwoFactor(db, adminWriteOf(request), request.body.password) }),
  });

  // ---------------------------------------------------------------- staff and tokens (owner)
  const owner = adminAccess("staff");

  app.route({
    ...operationRoute("listStaff", {
      config: owner.config,
      schema: { ...owner.schema, "x-error-codes": [...owner.errors], summary: "The shop's staff" },
    }),
    handler: async (request) => ({ data: await staff.listStaff(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("inviteStaff", {
      config: { ...owner.config, auditedInService: true },
      schema: {
        ...owner.schema,
        "x-error-codes": [...owner.errors, "staff_email_taken"],
        summary: "Invite a person to the staff with a role: they are mailed a link to choose their password",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({
        data: (await staff.inviteStaff(db, adminWriteOf(request), { storeName: request.ctx.store.name, backOfficeUrl }, request.body))
          .invitation,
      }),
  });

  app.route({
    ...operationRoute("listStaffInvitations", {
      config: owner.config,
      schema: { ...owner.schema, "x-error-codes": [...owner.errors], summary: "The invitations still waiting to be accepted" },
    }),
    handler: async (request) => ({ data: await staff.listStaffInvitations(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("withdrawStaffInvitation", {
      config: { ...owner.config, auditedInService: true },
      schema: {
        ...owner.schema,
        "x-error-codes": [...owner.errors, "staff_invitation_not_found"],
        summary: "Withdraw a waiting invitation: its link stops working",
      },
    }),
    handler: async (request, reply) => {
      await staff.withdrawStaffInvitation(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("updateStaff", {
      config: { ...owner.config, auditedInService: true },
      schema: {
        ...owner.schema,
        "x-error-codes": [...owner.errors, "staff_not_found", "last_owner"],
        summary: "Change a member's role, or deactivate (ending their sessions) or reactivate them",
      },
    }),
    handler: async (request) => ({ data: await staff.updateStaff(db, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("listApiTokens", {
      config: owner.config,
      schema: { ...owner.schema, "x-error-codes": [...owner.errors], summary: "The shop's API tokens (never their secrets)" },
    }),
    handler: async (request) => ({ data: await staff.listApiTokens(db, request.ctx.store.id) }),
  });

  app.route({
    ...operationRoute("createApiToken", {
      config: { ...owner.config, auditedInService: true },
      schema: {
        ...owner.schema,
        "x-error-codes": [...owner.errors],
        summary: "A token for a machine, with a role and an expiry: its secret is answered this once",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await staff.createApiToken(db, adminWriteOf(request), request.body) }),
  });

  app.route({
    ...operationRoute("revokeApiToken", {
      config: { ...owner.config, auditedInService: true },
      schema: { ...owner.schema, "x-error-codes": [...owner.errors, "api_token_not_found"], summary: "Revoke an API token at once" },
    }),
    handler: async (request, reply) => {
      await staff.revokeApiToken(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  const auditor = adminAccess("audit");
  app.route({
    ...operationRoute("listAuditLog", {
      config: auditor.config,
      schema: {
        ...auditor.schema,
        security: ADMIN_SECURITY,
        "x-error-codes": [...auditor.errors],
        summary: "Every admin write, newest first: who, what, when and from where, with the changed fields",
      },
    }),
    handler: async (request) => ({ data: await listAuditEntries(db, request.ctx.store.id, request.query) }),
  });
};
