import type { InviteStaffBody } from "@quire/contracts";
import type { OutgoingMail } from "../mail/mail.service";
import { isSafeToEcho } from "../identity/identity-mail";

export const INVITATION_HOURS = 72;

/** The invitation to the shop's staff, as plain text; its link opens the back office's set-up page. */
export function staffInvitationMail(
  context: { storeId: number; storeName: string; backOfficeUrl: string },
  to: InviteStaffBody,
  invitedBy: string,
  token: string,
): OutgoingMail {
  const actionUrl = `${context.backOfficeUrl}/accept-invitation/${token}`;
  return {
    storeId: context.storeId,
    kind: "staff_invitation",
    recipient: to.email,
    subject: `You are invited to run ${context.storeName}`,
    actionUrl,
    textBody: [
      isSafeToEcho(to.name) ? `Hello ${to.name},` : "Hello,",
      "",
      `${isSafeToEcho(invitedBy) ? invitedBy : "An owner"} has invited you to ${context.storeName}'s back office as ${to.role}. Choose your password to start:`,
      "",
      actionUrl,
      "",
      `The link works once and expires in ${INVITATION_HOURS} hours. If you did not expect this, ignore this email.`,
    ].join("\n"),
  };
}
