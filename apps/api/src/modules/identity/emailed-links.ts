import { EMAILED_LINK_ERROR_CODES, type EmailedLinkKind, type EmailedLinkStatus } from "@quire/contracts";
import { AppError } from "../../http/errors";
import type { EmailedLinkState } from "./identity.repository";

/**
 * The state of an emailed link from its row (null: no such link). Used wins over expired, so a link that was
 * completed and has since run out still says it was used. Opening a link (POST /auth/links/status) and
 * completing it read the state through this one rule, so the page and the form never disagree.
 */
export function emailedLinkStatus(state: EmailedLinkState | null): EmailedLinkStatus {
  if (!state) return "invalid";
  if (state.used) return "used";
  if (state.expired) return "expired";
  return "valid";
}

type Refusal = Exclude<EmailedLinkStatus, "valid">;

/** What each completion call answers for a link it cannot use (codes from the contracts). */
const REFUSAL_MESSAGES: Record<EmailedLinkKind, Record<Refusal, string>> = {
  signup: {
    invalid: "This sign-up link is not valid; register again to get a new one",
    used: "This sign-up link has already been used; sign in instead",
    expired: "This sign-up link has expired; register again to get a new one",
  },
  invite: {
    invalid: "This invitation link is not valid; ask the shop for a new one",
    used: "This invitation has already been accepted; sign in instead",
    expired: "This invitation has expired; ask the shop for a new one",
  },
  reset: {
    invalid: "This reset link is not valid; ask for a new one",
    used: "This reset link has already been used; ask for a new one",
    expired: "This reset link has expired; ask for a new one",
  },
};

/** Throws the completion call's refusal unless the link can be used now. */
export function assertLinkUsable<T extends EmailedLinkState>(kind: EmailedLinkKind, state: T | null): asserts state is T {
  const status = emailedLinkStatus(state);
  if (status === "valid") return;
  const code = EMAILED_LINK_ERROR_CODES[kind][status];
  const message = REFUSAL_MESSAGES[kind][status];
  throw new AppError(code, message, { field: "token" });
}
