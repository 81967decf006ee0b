import { InviteCompleteBodySchema, PasswordResetCompleteBodySchema, PersonNameSchema, SignupCompleteBodySchema } from "@quire/contracts";
import { z } from "zod";

/*
 * The sign-up, invitation and reset forms, as the actions read them (lib/form-intents.server.ts): the
 * contract's bodies without the token (it is in the page's address), with the consent checkbox and the
 * optional names read the way a form posts them.
 */

/** The privacy consent checkbox: the policy's id when ticked; anything else reads as not given. */
const PrivacyConsentField = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .optional()
  .catch(undefined);

/** A name the invitation may leave as it is: an empty field keeps the invite's. */
const OptionalNameField = z
  .string()
  .trim()
  .optional()
  .transform((name) => name || undefined)
  .pipe(PersonNameSchema.optional());

export const ResetPasswordFormSchema = PasswordResetCompleteBodySchema.omit({ token: true });
export const SignupCompleteFormSchema = SignupCompleteBodySchema.omit({ token: true }).extend({ privacyPolicyId: PrivacyConsentField });
export const InviteCompleteFormSchema = InviteCompleteBodySchema.omit({ token: true }).extend({
  firstName: OptionalNameField,
  lastName: OptionalNameField,
  privacyPolicyId: PrivacyConsentField,
});
