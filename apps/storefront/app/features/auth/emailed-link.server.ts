import type { EmailedLinkKind, EmailedLinkStatus } from "@quire/contracts";
import { data } from "react-router";
import type { ApiClient } from "~/lib/api.server";
import { linkProblemStatus, type UnusableLinkStatus } from "./emailed-link";

/** Whether an emailed link can still be used (POST /auth/links/status), asked without using it up. */
export async function getLinkStatus(api: ApiClient, kind: EmailedLinkKind, token: string): Promise<EmailedLinkStatus> {
  return (await api.call("getLinkStatus", { body: { kind, token } })).data.status;
}

/** A link page's loader answer for a link it cannot use: the message instead of the form, 410 or 404. */
export function unusableLinkPage(status: UnusableLinkStatus) {
  return data({ linkProblem: status }, { status: linkProblemStatus(status) });
}
