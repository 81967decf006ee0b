import { z } from "zod";
import { dataSchema, IdParamSchema, IdSchema, textSchema } from "./common";
import { CONTROL_CHARACTERS_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isCommonPassword, isPrintableText } from "./constants";

// Contracts of the identity calls (sign-in and registration, the customer, the privacy policy). Every answer is
// wrapped in `data`; every failure is `{ errors: [{ code, message, field? }] }`. The codes a screen can
// branch on are named beside each call.

// ---------------------------------------------------------------- fields

/** Trimmed and lower-cased before it is checked; customers' emails are stored this way. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/**
 * A new password: 12 to 256 characters, not a commonly guessed one. Length is what makes a password
 * strong (NIST SP 800-63B), so there are no rules about symbols or digits. The API also refuses the
 * account's own email (400 `password_matches_email`), which a form may not know.
 */
export const NewPasswordSchema = z
  .string()
  // A password of the wrong length gets that one message, not the commonness check's as well.
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters`, abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters`, abort: true })
  .refine((password) => isPrintableText(password), { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
  .refine((password) => !isCommonPassword(password), "This password is too common; choose a less predictable one");

/** A password being checked (sign-in, current password): any non-empty text up to the maximum. */
export const PasswordInputSchema = textSchema({ min: 1, max: PASSWORD_MAX_LENGTH, minMessage: "Enter your password" });

export const PersonNameSchema = textSchema({ trim: true, min: 1, max: 100, minMessage: "Enter a name" });
export const PhoneSchema = z
  .string()
  .trim()
  .max(30, { error: "Use at most 30 characters", abort: true })
  .regex(/^[+0-9 ()-]*$/, "Use digits, spaces, +, ( ) and - only");

/** An emailed token (sign-up, invite, password reset): 32 random bytes, base64url. */
export const EmailedTokenSchema = z
  .string()
  .min(32, { message: "The link is incomplete", abort: true })
  .max(200, { message: "The link is not valid", abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, "The link is not valid");

/** The answer to a request that may send mail: the same whether or not the address is known. */
export const AcceptedResponseSchema = dataSchema(z.object({ accepted: z.literal(true) }));

// ---------------------------------------------------------------- sign-in and sessions

/**
 * The answer to sign-in and to the completion calls, which sign the customer in. `token` is the bearer
 * token (a JWT with subject and expiry, tied to a server-side session). `needsAcceptPrivacyPolicy`: send
 * the customer to /privacy-policy. `passwordChangeRequired`: the shop wants a new password; every
 * protected call answers 403 `password_change_required` until PUT /customers/current/password succeeds,
 * so the storefront keeps the token and goes to /account/settings?message=password_change_required.
 */
export const SignInResultSchema = z
  .object({
    token: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    needsAcceptPrivacyPolicy: z.boolean(),
    passwordChangeRequired: z.boolean(),
  })
  .meta({ id: "SignInResult" });
export type SignInResult = z.infer<typeof SignInResultSchema>;
export const SignInResponseSchema = dataSchema(SignInResultSchema);

/**
 * POST /auth/sign-in. 401 `invalid_credentials` for a wrong email or password (one message for both);
 * 429 `too_many_attempts` with Retry-After (seconds) after repeated failures for the account or from the
 * client. A password reset is never blocked by it.
 */
export const SignInBodySchema = z.object({ email: EmailSchema, password: PasswordInputSchema }).strict();
export type SignInBody = z.infer<typeof SignInBodySchema>;

// POST /auth/sign-out: ends the bearer token's session; 204, no body. 401 without a live token.

// ---------------------------------------------------------------- registration and invites

/**
 * POST /auth/signup-request: emails a link to /auth/sign-up/complete/:token (valid 24 hours). Answers 202
 * `AcceptedResponse` whether or not the email already has an account (that customer is mailed a note
 * instead), so the call does not reveal who is registered.
 */
export const SignupRequestBodySchema = z.object({ email: EmailSchema, firstName: PersonNameSchema, lastName: PersonNameSchema }).strict();
export type SignupRequestBody = z.infer<typeof SignupRequestBodySchema>;

/**
 * Completion calls may accept the current privacy policy at the same time (a checkbox on the form): when
 * `privacyPolicyId` is sent it must be the current version's id (400 `privacy_policy_not_current`).
 */
const privacyPolicyAcceptance = { privacyPolicyId: IdSchema.optional() };

/**
 * PUT /auth/signup-request/complete: creates the customer and signs them in (201 `SignInResponse`).
 * 400 `signup_token_invalid` (unknown), 410 `signup_token_expired`, 410 `signup_token_used`,
 * 409 `email_already_registered`, 400 `password_matches_email`.
 */
export const SignupCompleteBodySchema = z
  .object({ token: EmailedTokenSchema, password: NewPasswordSchema, ...privacyPolicyAcceptance })
  .strict();
export type SignupCompleteBody = z.infer<typeof SignupCompleteBodySchema>;

/**
 * PUT /auth/invites/complete: creates the invited trade customer (isTrade true) and signs them in (201
 * `SignInResponse`). Names default to the invite's. 400 `invite_token_invalid`, 410 `invite_token_expired`,
 * 410 `invite_token_used`, 409 `email_already_registered`, 400 `password_matches_email`.
 */
export const InviteCompleteBodySchema = z
  .object({
    token: EmailedTokenSchema,
    password: NewPasswordSchema,
    firstName: PersonNameSchema.optional(),
    lastName: PersonNameSchema.optional(),
    ...privacyPolicyAcceptance,
  })
  .strict();
export type InviteCompleteBody = z.infer<typeof InviteCompleteBodySchema>;

// ---------------------------------------------------------------- password reset

/**
 * POST /passwords/reset: emails a link to /auth/reset-password/:token, single use, valid 60 minutes.
 * Answers 202 `AcceptedResponse` for known and unknown emails alike.
 */
export const PasswordResetBodySchema = z.object({ email: EmailSchema }).strict();
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/**
 * POST /passwords/reset/complete: sets the password, ends every session of the customer, clears a forced
 * password change and the sign-in lock, and signs in afresh (200 `SignInResponse`). 400
 * `reset_token_invalid`, 410 `reset_token_expired`, 410 `reset_token_used`, 400 `password_matches_email`.
 */
export const PasswordResetCompleteBodySchema = z.object({ token: EmailedTokenSchema, password: NewPasswordSchema }).strict();
export type PasswordResetCompleteBody = z.infer<typeof PasswordResetCompleteBodySchema>;

// ---------------------------------------------------------------- emailed links

/** Which emailed link: a sign-up request's, a trade invitation's or a password reset's. */
export const EmailedLinkKindSchema = z.enum(["signup", "invite", "reset"]);
export type EmailedLinkKind = z.infer<typeof EmailedLinkKindSchema>;

/**
 * What opening an emailed link would find. `valid`: its form can be sent. `used`: it was completed already
 * (a reset link is also used up by any later reset of the same account). `expired`: past its time, never
 * used. `invalid`: no such link in this store. A used link that has also expired is `used`, as the
 * completion calls answer.
 */
export const EmailedLinkStatusSchema = z.enum(["valid", "used", "expired", "invalid"]).meta({ id: "EmailedLinkStatus" });
export type EmailedLinkStatus = z.infer<typeof EmailedLinkStatusSchema>;

// The codes a completion call answers for a link it cannot use are EMAILED_LINK_ERROR_CODES, in the error
// catalogue (error-codes.ts).

/**
 * POST /auth/links/status: the state of an emailed link without using it up, so its page can say it is
 * used or expired when opened instead of after the form is sent. The token travels in the body, not the
 * URL, to keep it out of request logs. Answers only about the link, never about an account: an unknown
 * token and a token of another store are both `invalid`, and nothing says whose link it is. 200
 * `LinkStatusResponse`; 400 for a malformed token, as the completion calls answer.
 */
export const LinkStatusBodySchema = z.object({ kind: EmailedLinkKindSchema, token: EmailedTokenSchema }).strict();
export type LinkStatusBody = z.infer<typeof LinkStatusBodySchema>;
export const LinkStatusSchema = z.object({ status: EmailedLinkStatusSchema }).meta({ id: "LinkStatus" });
export type LinkStatus = z.infer<typeof LinkStatusSchema>;
export const LinkStatusResponseSchema = dataSchema(LinkStatusSchema);

// ---------------------------------------------------------------- the signed-in customer

/**
 * GET /customers/current/: who is signed in. Allowed while a password change is required and while the
 * privacy policy is pending, so the storefront can show the customer and why it redirects them.
 */
export const CurrentCustomerSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string(),
    isTrade: z.boolean(),
    passwordChangeRequired: z.boolean(),
    needsAcceptPrivacyPolicy: z.boolean(),
    acceptedPrivacyPolicyId: IdSchema.nullable(),
  })
  .meta({ id: "CurrentCustomer" });
export type CurrentCustomer = z.infer<typeof CurrentCustomerSchema>;
export const CurrentCustomerResponseSchema = dataSchema(CurrentCustomerSchema);

/**
 * GET /customers/current/settings (allowed while a password change is required or the privacy policy is
 * pending: the settings screen is where the customer changes it). Email and company are shown, not edited
 * here: a new email would need its own confirmation.
 */
export const CustomerSettingsSchema = z
  .object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    companyName: z.string(),
    marketingOptIn: z.boolean(),
  })
  .meta({ id: "CustomerSettings" });
export type CustomerSettings = z.infer<typeof CustomerSettingsSchema>;
export const CustomerSettingsResponseSchema = dataSchema(CustomerSettingsSchema);

/**
 * PUT /customers/current/settings: replaces the editable settings (leaving out `phone` clears it);
 * answers the new `CustomerSettings`. Like every protected call, 403 while a password change is required
 * or the privacy policy is pending.
 */
export const UpdateCustomerSettingsBodySchema = z
  .object({
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
    phone: PhoneSchema.default(""),
    marketingOptIn: z.boolean(),
  })
  .strict();
export type UpdateCustomerSettingsBody = z.input<typeof UpdateCustomerSettingsBodySchema>;

/**
 * PUT /customers/current/password: 204, no body. Keeps the current session (its token stays valid) and
 * ends every other one; clears a forced password change. 400 `current_password_incorrect` (field
 * currentPassword), 400 `password_unchanged`, 400 `password_matches_email` (field newPassword), 429
 * `too_many_attempts` after repeated wrong current passwords (they count like failed sign-ins).
 * Allowed while a password change is required and while the privacy policy is pending.
 */
export const ChangePasswordBodySchema = z.object({ currentPassword: PasswordInputSchema, newPassword: NewPasswordSchema }).strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

// ---------------------------------------------------------------- privacy policy

/** GET /privacy-policies/current, open to anonymous callers. 404 `privacy_policy_not_found` when none. */
export const PrivacyPolicySchema = z
  .object({
    id: IdSchema,
    version: z.string(),
    body: z.string(),
    publishedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "PrivacyPolicy" });
export type PrivacyPolicy = z.infer<typeof PrivacyPolicySchema>;
export const PrivacyPolicyResponseSchema = dataSchema(PrivacyPolicySchema);

/**
 * PUT /privacy-policies/:id/accept (signed in; allowed while pending): answers the `CurrentCustomer`.
 * 400 `privacy_policy_not_current` for any id but the current version's.
 */
export const PrivacyPolicyParamsSchema = z.object({ id: IdParamSchema }).strict();
