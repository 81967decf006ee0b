import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { ApiRequestError } from "~/lib/api.server";
import { clearCookie, readCookie, SESSION_COOKIE } from "~/lib/cookies.server";
import { apiContext } from "~/lib/context.server";

/** Ends the session at the API (so the token is dead everywhere), then forgets the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  if (readCookie(request, SESSION_COOKIE)) {
    try {
      await context.get(apiContext).call("staffSignOut");
    } catch (error) {
      // A session that had already ended is signed out all the same.
      if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    }
  }
  return redirect("/sign-in", { headers: { "Set-Cookie": clearCookie(request, SESSION_COOKIE) } });
}

/** Sign-out is a form's POST; a link or a typed address lands on the sign-in page. */
export function loader() {
  return redirect("/sign-in");
}
