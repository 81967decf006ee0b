import { redirect, redirectDocument } from "react-router";
import { signOutHeaders } from "~/features/auth/auth.server";
import { flashToastHeader } from "~/lib/flash.server";
import type { Route } from "./+types/auth-logout";
import { t } from "~/lib/i18n/messages/auth";

/**
 * POST /auth/logout signs out: the API ends the session, the token and the guest cart cookie are cleared, and the whole
 * page reloads, so the cart, favourites and menu start afresh.
 */
export async function action({ context }: Route.ActionArgs) {
  const headers = await signOutHeaders(context);
  headers.append("Set-Cookie", await flashToastHeader({ kind: "success", message: t("auth.signed_out") }));
  return redirectDocument("/", { status: 303, headers });
}

/** Only the sign-out form posts here: signing out is never a link a page could trigger by loading it. */
export function loader() {
  return redirect("/", 302);
}
