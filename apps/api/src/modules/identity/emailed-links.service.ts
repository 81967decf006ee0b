import type { EmailedLinkKind, LinkStatus, LinkStatusBody } from "@quire/contracts";
import type { Db } from "../../db/client";
import { emailedLinkStatus } from "./emailed-links";
import { hashEmailedToken } from "../../security/emailed-tokens";
import { findInviteState, findPasswordResetTokenState, findSignupRequestState, type EmailedLinkState } from "./identity.repository";

const FIND_STATE: Record<EmailedLinkKind, (db: Db, storeId: number, tokenHash: string) => Promise<EmailedLinkState | null>> = {
  signup: findSignupRequestState,
  invite: findInviteState,
  reset: findPasswordResetTokenState,
};

/** Whether an emailed link can still be used, without using it: what its page shows when opened. */
export async function getLinkStatus(db: Db, storeId: number, input: LinkStatusBody): Promise<LinkStatus> {
  const state = await FIND_STATE[input.kind](db, storeId, hashEmailedToken(input.token));
  return { status: emailedLinkStatus(state) };
}
