import { ERASURE_LINK_HOURS } from "@quire/contracts/constants";
import type { OutgoingMail } from "../mail/mail.service";

// The identity emails, as plain text. Each names its main link as `actionUrl`, which the console
// transport prints when no SMTP server is configured.

interface MailContext {
  storeId: number;
  storeName: string;
  /** The storefront's public address, without a trailing slash. */
  storefrontUrl: string;
}

export const SIGNUP_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

/**
 * Text that could make a mail to someone else carry the requester's message: a web address (`https://`, `www.`,
 * a dot-separated host such as `evil.example`), an email address, or characters that reorder or hide text
 * (controls, bidirectional overrides and isolates, zero-width characters).
 */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.[\p{L}\p{N}-]{2,}/iu;
const HIDDEN_OR_REORDERING = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * Whether a requester's own text may be shown in a mail sent to an address nobody has verified yet: the
 * request can name anyone's address, and the mail's first line must not carry a stranger's link or message.
 */
export function isSafeToEcho(text: string): boolean {
  return !LINK_LIKE.test(text) && !HIDDEN_OR_REORDERING.test(text);
}

function greeting(firstName: string) {
  return firstName ? `Hello ${firstName},` : "Hello,";
}

/** The greeting of a mail to an unverified address: by name only when the name could carry nothing else. */
function unverifiedGreeting(firstName: string) {
  return greeting(isSafeToEcho(firstName) ? firstName : "");
}

export function signupRequestMail(context: MailContext, to: { email: string; firstName: string }, token: string): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/auth/sign-up/complete/${token}`;
  return {
    storeId: context.storeId,
    kind: "signup_request",
    recipient: to.email,
    subject: `Complete your ${context.storeName} account`,
    actionUrl,
    textBody: [
      unverifiedGreeting(to.firstName),
      "",
      `Thank you for registering with ${context.storeName}. Choose your password to finish creating your account:`,
      "",
      actionUrl,
      "",
      `The link works once and expires in ${SIGNUP_LINK_HOURS} hours. If you did not ask for an account, ignore this email.`,
    ].join("\n"),
  };
}

/** Sent instead of a sign-up link when the address already has an account, so sign-up reveals nothing. */
export function accountExistsMail(context: MailContext, to: { email: string }): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/auth/login`;
  return {
    storeId: context.storeId,
    kind: "account_exists",
    recipient: to.email,
    subject: `You already have a ${context.storeName} account`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      `Someone asked to register this email address with ${context.storeName}, but it already has an account. Sign in here:`,
      "",
      actionUrl,
      "",
      `Forgotten your password? Reset it at ${context.storefrontUrl}/auth/forgot-password`,
      "If this was not you, ignore this email: nothing has changed.",
    ].join("\n"),
  };
}

export function inviteMail(
  context: MailContext,
  to: { email: string; firstName: string; companyName: string },
  token: string,
  expiresInDays: number,
): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/auth/invite/complete/${token}`;
  const company = to.companyName ? ` for ${to.companyName}` : "";
  return {
    storeId: context.storeId,
    kind: "invite",
    recipient: to.email,
    subject: `Your trade account invitation from ${context.storeName}`,
    actionUrl,
    textBody: [
      greeting(to.firstName),
      "",
      `${context.storeName} has invited you to open a trade account${company}. Choose your password to accept:`,
      "",
      actionUrl,
      "",
      `The link works once and expires in ${expiresInDays} days.`,
    ].join("\n"),
  };
}

export function passwordResetMail(context: MailContext, to: { email: string }, token: string): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/auth/reset-password/${token}`;
  return {
    storeId: context.storeId,
    kind: "password_reset",
    recipient: to.email,
    subject: `Reset your ${context.storeName} password`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      "Choose a new password here:",
      "",
      actionUrl,
      "",
      `The link works once and expires in ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    ].join("\n"),
  };
}

/** Tells the owner their password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedMail(context: MailContext, to: { email: string }): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/auth/forgot-password`;
  return {
    storeId: context.storeId,
    kind: "password_changed",
    recipient: to.email,
    subject: `Your ${context.storeName} password was changed`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      `The password of your ${context.storeName} account was just changed, and other devices were signed out.`,
      "If this was not you, reset your password now:",
      "",
      actionUrl,
    ].join("\n"),
  };
}

/** The link that confirms a customer's request to delete their account and erase their data (decision 063). */
export function erasureConfirmationMail(context: MailContext, to: { email: string }, token: string): OutgoingMail {
  const actionUrl = `${context.storefrontUrl}/account/delete/${token}`;
  return {
    storeId: context.storeId,
    kind: "erasure_confirmation",
    recipient: to.email,
    subject: `Confirm deleting your ${context.storeName} account`,
    actionUrl,
    textBody: [
      "Hello,",
      "",
      "You asked us to delete your account and erase your personal data. Confirm it here:",
      "",
      actionUrl,
      "",
      `The link works once and expires in ${ERASURE_LINK_HOURS} hours. Orders are kept for the tax law, without your name or address. If you did not ask for this, ignore this email: your account stays as it is.`,
    ].join("\n"),
  };
}
