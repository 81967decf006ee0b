import type { EmailedLinkKind, EmailedLinkStatus } from "@quire/contracts";
// The zod-free module: this file runs in the browser too.
import { EMAILED_LINK_ERROR_CODES, hasErrorCode } from "@quire/contracts/constants";
import type { FormError } from "./form-errors";

/** A link its page cannot use: completed already, past its time, or not one the shop made. */
export type UnusableLinkStatus = Exclude<EmailedLinkStatus, "valid">;

interface Way {
  label: string;
  to: string;
}

/** What a page opened with an unusable link says instead of its form, and the way forward it offers. */
export interface LinkProblemTexts {
  title: string;
  explanation: string;
  action: Way;
  secondary?: Way;
}

const SIGN_IN: Way = { label: "Sign in", to: "/auth/login" };
const FORGOT_PASSWORD: Way = { label: "Forgotten your password?", to: "/auth/forgot-password" };
const REGISTER_AGAIN: Way = { label: "Register again", to: "/auth/register" };
const NEW_RESET_LINK: Way = { label: "Request a new reset link", to: "/auth/forgot-password" };
const ASK_THE_SHOP: Way = { label: "Contact us", to: "/contact-us" };
const INCOMPLETE = "Check that you opened the whole link from the email,";

const TEXTS: Record<EmailedLinkKind, Record<UnusableLinkStatus, LinkProblemTexts>> = {
  signup: {
    used: {
      title: "This sign-up link has already been used",
      explanation: "Your account was created with it. Sign in with the password you chose.",
      action: SIGN_IN,
      secondary: FORGOT_PASSWORD,
    },
    expired: {
      title: "This sign-up link has expired",
      explanation: "Sign-up links work for 24 hours. Register again and we'll email you a new one.",
      action: REGISTER_AGAIN,
    },
    invalid: {
      title: "This sign-up link is not valid",
      explanation: `${INCOMPLETE} or register again and we'll email you a new one.`,
      action: REGISTER_AGAIN,
    },
  },
  invite: {
    used: {
      title: "This invitation has already been accepted",
      explanation: "Your trade account is open. Sign in with the password you chose.",
      action: SIGN_IN,
      secondary: FORGOT_PASSWORD,
    },
    expired: {
      title: "This invitation has expired",
      explanation: "Ask the shop for a new invitation and we'll email you a fresh link.",
      action: ASK_THE_SHOP,
    },
    invalid: {
      title: "This invitation link is not valid",
      explanation: `${INCOMPLETE} or ask the shop for a new invitation.`,
      action: ASK_THE_SHOP,
    },
  },
  reset: {
    used: {
      title: "This reset link has already been used",
      explanation: "Each link works once, and a new password ends every link sent before it. Ask for a new link if you still need one.",
      action: NEW_RESET_LINK,
      secondary: SIGN_IN,
    },
    expired: {
      title: "This reset link has expired",
      explanation: "Reset links work for 60 minutes. Ask for a new one and use it within the hour.",
      action: NEW_RESET_LINK,
    },
    invalid: {
      title: "This reset link is not valid",
      explanation: `${INCOMPLETE} or ask for a new one.`,
      action: NEW_RESET_LINK,
    },
  },
};

export function getLinkProblemTexts(kind: EmailedLinkKind, status: UnusableLinkStatus): LinkProblemTexts {
  return TEXTS[kind][status];
}

/**
 * The HTTP status of a page opened with an unusable link: 410 Gone for a link that existed and can no
 * longer be used, 404 for one the shop never made (as a malformed link already answers).
 */
export function linkProblemStatus(status: UnusableLinkStatus): 404 | 410 {
  return status === "invalid" ? 404 : 410;
}

/**
 * The state a failed completion reports about its link (the link was used or ran out between opening the
 * page and sending the form), or null when the failure is about something else.
 */
export function linkProblemOf(kind: EmailedLinkKind, errors: readonly FormError[] | undefined): UnusableLinkStatus | null {
  const codes = EMAILED_LINK_ERROR_CODES[kind];
  const statuses = Object.keys(codes) as UnusableLinkStatus[];
  return statuses.find((status) => hasErrorCode(errors, codes[status])) ?? null;
}
