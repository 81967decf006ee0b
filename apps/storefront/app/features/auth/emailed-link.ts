import type { EmailedLinkKind, EmailedLinkStatus } from "@quire/contracts";
// The zod-free module: this file runs in the browser too.
import { EMAILED_LINK_ERROR_CODES, hasErrorCode } from "@quire/contracts/constants";
import type { FormError } from "~/components/forms/form-errors";
import { t } from "~/lib/i18n/messages/auth";

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

const SIGN_IN: Way = { label: t("auth.sign_in"), to: "/auth/login" };
const FORGOT_PASSWORD: Way = { label: t("auth.forgot.title"), to: "/auth/forgot-password" };
const REGISTER_AGAIN: Way = { label: t("auth.link.register_again"), to: "/auth/register" };
const NEW_RESET_LINK: Way = { label: t("auth.link.new_reset_link"), to: "/auth/forgot-password" };
const ASK_THE_SHOP: Way = { label: t("auth.link.contact_us"), to: "/contact-us" };

const TEXTS: Record<EmailedLinkKind, Record<UnusableLinkStatus, LinkProblemTexts>> = {
  signup: {
    used: {
      title: t("auth.link.signup_used_title"),
      explanation: t("auth.link.signup_used_desc"),
      action: SIGN_IN,
      secondary: FORGOT_PASSWORD,
    },
    expired: {
      title: t("auth.link.signup_expired_title"),
      explanation: t("auth.link.signup_expired_desc"),
      action: REGISTER_AGAIN,
    },
    invalid: {
      title: t("auth.link.signup_invalid_title"),
      explanation: t("auth.link.signup_invalid_desc"),
      action: REGISTER_AGAIN,
    },
  },
  invite: {
    used: {
      title: t("auth.link.invite_used_title"),
      explanation: t("auth.link.invite_used_desc"),
      action: SIGN_IN,
      secondary: FORGOT_PASSWORD,
    },
    expired: {
      title: t("auth.link.invite_expired_title"),
      explanation: t("auth.link.invite_expired_desc"),
      action: ASK_THE_SHOP,
    },
    invalid: {
      title: t("auth.link.invite_invalid_title"),
      explanation: t("auth.link.invite_invalid_desc"),
      action: ASK_THE_SHOP,
    },
  },
  reset: {
    used: {
      title: t("auth.link.reset_used_title"),
      explanation: t("auth.link.reset_used_desc"),
      action: NEW_RESET_LINK,
      secondary: SIGN_IN,
    },
    expired: {
      title: t("auth.link.reset_expired_title"),
      explanation: t("auth.link.reset_expired_desc"),
      action: NEW_RESET_LINK,
    },
    invalid: {
      title: t("auth.link.reset_invalid_title"),
      explanation: t("auth.link.reset_invalid_desc"),
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
