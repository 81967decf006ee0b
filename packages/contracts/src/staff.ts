import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, textSchema } from "./common";
import { AUDIT_ACTOR_TYPES, INT32_MAX, MAX_API_TOKEN_DAYS, MAX_PAGE_SIZE, STAFF_ROLES } from "./constants";
import { EmailedTokenSchema, EmailSchema, NewPasswordSchema, PasswordInputSchema, PersonNameSchema } from "./identity";

// Contracts of the merchant's people and machines (docs/decisions/046): staff accounts with roles, their
// sign-in with an optional second factor, API tokens for integrations, and the audit log of every admin write.
// The admin API takes one of three credentials: a staff session's token or an API token (both as
// `Authorization: Bearer`), or a bootstrap key from ADMIN_API_KEYS (the Admin-Key header), which acts as an owner.

// ---------------------------------------------------------------- roles and permissions

export const StaffRoleSchema = z.enum(STAFF_ROLES).meta({ id: "StaffRole" });

// ---------------------------------------------------------------- staff

export const StaffMemberSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    /** Signing in asks for a code from an authenticator app as well as the password. */
    twoFactorEnabled: z.boolean(),
    /** A deactivated member cannot sign in; their sessions ended when they were deactivated. */
    active: z.boolean(),
    lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffMemberResponseSchema = dataSchema(StaffMemberSchema);
/** GET /admin/auth/me: the signed-in member, and the shop's time zone, which every page of the back office shows times in. */
export const CurrentStaffSchema = StaffMemberSchema.extend({ shopTimeZone: z.string() }).meta({ id: "CurrentStaff" });
export type CurrentStaff = z.infer<typeof CurrentStaffSchema>;
export const CurrentStaffResponseSchema = dataSchema(CurrentStaffSchema);
export const StaffListResponseSchema = dataSchema(z.array(StaffMemberSchema));

export const StaffParamsSchema = z.object({ id: IdParamSchema }).strict();

/**
 * POST /admin/staff/invitations (owner): mails the person a link to set their password, valid 72 hours. 409
 * `staff_email_taken` when the email already belongs to a member of the shop.
 */
export const InviteStaffBodySchema = z.object({ email: EmailSchema, name: PersonNameSchema, role: StaffRoleSchema }).strict();
export type InviteStaffBody = z.infer<typeof InviteStaffBodySchema>;
export const StaffInvitationSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "StaffInvitation" });
export const StaffInvitationResponseSchema = dataSchema(StaffInvitationSchema);
/**
 * GET /admin/staff/invitations (owner): the invitations still waiting, neither accepted nor expired, newest first
 * (a shop invites a handful of people; the list is bounded by MAX_PAGE_SIZE).
 */
export const StaffInvitationListResponseSchema = dataSchema(
  z.array(StaffInvitationSchema.extend({ createdAt: z.iso.datetime({ offset: true }) })),
);
/**
 * DELETE /admin/staff/invitations/:id (owner): withdraws a waiting invitation; its link then answers
 * `staff_invitation_invalid`. 404 `staff_invitation_not_found` for one that is not waiting (accepted, expired,
 * withdrawn, or another shop's).
 */
export const StaffInvitationParamsSchema = z.object({ id: IdParamSchema }).strict();

/**
 * POST /admin/auth/accept-invitation: the invited person chooses a password (the customers' rules) and is signed
 * in. 400 `staff_invitation_invalid` for an unknown link; 410 `staff_invitation_used` or `staff_invitation_expired`.
 */
export const AcceptStaffInvitationBodySchema = z.object({ token: EmailedTokenSchema, password: NewPasswordSchema }).strict();

/**
 * POST /admin/auth/set-up-link (a bootstrap key only): a one-time link, valid 72 hours, that makes the shop's first
 * owner; a newer link voids the older unused ones. 409 `shop_has_owner` once the shop has an active owner.
 */
export const StaffSetUpLinkSchema = z
  .object({ link: z.string(), expiresAt: z.iso.datetime({ offset: true }) })
  .meta({ id: "StaffSetUpLink" });
export const StaffSetUpLinkResponseSchema = dataSchema(StaffSetUpLinkSchema);

/**
 * POST /admin/auth/set-up: the shop's first owner, made from a set-up link, signed in. 404
 * `staff_set_up_link_invalid` for an unknown link; 410 `staff_set_up_link_used` or `staff_set_up_link_expired`
 * (a newer link replaced it, too); 409 `shop_has_owner` when an owner appeared meanwhile.
 */
export const CompleteStaffSetUpBodySchema = z
  .object({ token: EmailedTokenSchema, email: EmailSchema, name: PersonNameSchema, password: NewPasswordSchema })
  .strict();
export type CompleteStaffSetUpBody = z.infer<typeof CompleteStaffSetUpBodySchema>;

/**
 * PUT /admin/staff/:id (owner): another role, or deactivate (ends the member's sessions) and reactivate. 409
 * `last_owner` when the change would leave the shop without an active owner.
 */
export const UpdateStaffBodySchema = z
  .object({ role: StaffRoleSchema.optional(), active: z.boolean().optional() })
  .strict()
  .refine((body) => body.role !== undefined || body.active !== undefined, "Send a role or active");

// ---------------------------------------------------------------- staff sign-in

/**
 * POST /admin/auth/sign-in. 401 `invalid_credentials` for a wrong email or password, or a deactivated member
 * (one message for all); 429 `too_many_attempts` with Retry-After, as for customers. A member with two-factor
 * sign-in gets a challenge instead of a session: POST /admin/auth/second-factor with it and a code.
 */
export const StaffSignInBodySchema = z.object({ email: EmailSchema, password: PasswordInputSchema }).strict();
export type StaffSignInBody = z.infer<typeof StaffSignInBodySchema>;

export const StaffSessionSchema = z
  .object({
    status: z.literal("signed_in"),
    /** The bearer token of the session (`Authorization: Bearer ...` on admin calls). Never a customer's. */
    token: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    staff: StaffMemberSchema,
  })
  .meta({ id: "StaffSession" });
export const StaffSecondFactorChallengeSchema = z
  .object({
    status: z.literal("second_factor_required"),
    /** Sent back with the code; valid five minutes, for one successful use. */
    challenge: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "StaffSecondFactorChallenge" });
export const StaffSignInResultSchema = z.discriminatedUnion("status", [StaffSessionSchema, StaffSecondFactorChallengeSchema]);
export type StaffSignInResult = z.infer<typeof StaffSignInResultSchema>;
export const StaffSignInResponseSchema = dataSchema(StaffSignInResultSchema);
export const StaffSessionResponseSchema = dataSchema(StaffSessionSchema);

/** A code from an authenticator app: six digits. */
export const TotpCodeSchema = z.string().regex(/^[0-9]{6}$/, "Enter the six digits your authenticator app shows");

/**
 * POST /admin/auth/second-factor. 401 `second_factor_invalid` for a wrong or reused code or a lapsed challenge;
 * wrong codes count against the account's sign-in throttle like wrong passwords.
 */
export const StaffSecondFactorBodySchema = z.object({ challenge: EmailedTokenSchema, code: TotpCodeSchema }).strict();

/**
 * POST /admin/auth/two-factor: a new secret for the signed-in member's authenticator app (not yet in force).
 * PUT /admin/auth/two-factor with a code from it turns two-factor sign-in on; 409 `two_factor_not_started`
 * without a secret. POST /admin/auth/two-factor/disable with the password turns it off.
 */
export const TwoFactorSetupSchema = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** The otpauth:// address a QR code carries. */
    otpauthUrl: z.string(),
  })
  .meta({ id: "TwoFactorSetup" });
export const TwoFactorSetupResponseSchema = dataSchema(TwoFactorSetupSchema);
export const ConfirmTwoFactorBodySchema = z.object({ code: TotpCodeSchema }).strict();
export const DisableTwoFactorBodySchema = z.object({ password: PasswordInputSchema }).strict();

// ---------------------------------------------------------------- API tokens

export const ApiTokenSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    role: StaffRoleSchema,
    /** The token's first characters, to tell tokens apart; the rest is never shown again. */
    prefix: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListResponseSchema = dataSchema(z.array(ApiTokenSchema));
export const ApiTokenParamsSchema = z.object({ id: IdParamSchema }).strict();

/** POST /admin/api-tokens (owner): a token for a machine, with a role and a lifetime of 1 to 366 days. */
export const CreateApiTokenBodySchema = z
  .object({
    name: textSchema({ trim: true, min: 1, max: 100 }),
    role: StaffRoleSchema,
    expiresInDays: z.number().int().min(1).max(MAX_API_TOKEN_DAYS),
  })
  .strict();
export const CreatedApiTokenResponseSchema = dataSchema(
  z.object({
    /** The secret, shown this once: only its hash is kept. */
    token: z.string(),
    apiToken: ApiTokenSchema,
  }),
);

// ---------------------------------------------------------------- audit log

export const AuditActorTypeSchema = z.enum(AUDIT_ACTOR_TYPES);

export const AuditLogEntrySchema = z
  .object({
    id: IdSchema,
    at: z.iso.datetime({ offset: true }),
    actor: z.object({
      type: AuditActorTypeSchema,
      /** The staff member's, the token's, or the bootstrap key's position in ADMIN_API_KEYS. */
      id: z.number().int(),
      /** Who that was when it happened: the member's email, the token's name. */
      label: z.string(),
    }),
    /** The admin operation, by its operationId (`shipOrder`, `inviteStaff`). */
    operation: z.string(),
    resourceType: z.string(),
    resourceId: z.string().nullable(),
    /** The fields that changed, before and after; secrets are never recorded. */
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
    clientIp: z.string(),
    requestId: z.string(),
  })
  .meta({ id: "AuditLogEntry" });
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/**
 * GET /admin/audit-log (owner): newest first, in keyset pages: pass the answer's `nextBefore` as `before` for
 * the next page. Filters combine.
 */
export const AuditLogQuerySchema = z
  .object({
    before: intParamSchema(1, INT32_MAX).optional(),
    limit: intParamSchema(1, MAX_PAGE_SIZE).default(50),
    actorType: AuditActorTypeSchema.optional(),
    actorId: intParamSchema(0, INT32_MAX).optional(),
    operation: z
      .string()
      .regex(/^[A-Za-z]{1,100}$/, "Expected an operationId such as shipOrder")
      .optional(),
    resourceType: z
      .string()
      .regex(/^[a-z_]{1,50}$/, "Expected a resource type such as order")
      .optional(),
    resourceId: textSchema({ min: 1, max: 100 }).optional(),
    since: z.iso.datetime({ offset: true }).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
export const AuditLogResponseSchema = dataSchema(
  z.object({
    entries: z.array(AuditLogEntrySchema),
    /** Where the next page starts, or null on the last page. */
    nextBefore: z.number().int().nullable(),
  }),
);
