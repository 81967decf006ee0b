import { z } from "zod";
import { TotpCodeSchema } from "@quire/contracts";
import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/sign-in-code";
import { Button, ErrorSummary, Field } from "~/components/ui";
import { safeNext } from "~/lib/auth.server";
import { CHALLENGE_COOKIE, clearCookie, readCookie, sessionCookie } from "~/lib/cookies.server";
import { apiContext } from "~/lib/context.server";
import { handleForm } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Authenticator code · Quire back office" }];

/** Only after a password was accepted: without a challenge, back to the password. */
export function loader({ request }: Route.LoaderArgs) {
  if (!readCookie(request, CHALLENGE_COOKIE)) throw redirect("/sign-in");
  return null;
}

/** The code from the authenticator app, with the password's challenge, makes the session. */
export async function action({ request, context }: Route.ActionArgs) {
  const challenge = readCookie(request, CHALLENGE_COOKIE);
  if (!challenge) throw redirect("/sign-in");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return handleForm(await request.formData(), z.object({ code: TotpCodeSchema }), async ({ code }) => {
    const { data: session } = await context.get(apiContext).call("staffSecondFactor", { body: { challenge, code } });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request, session.token, session.expiresAt));
    headers.append("Set-Cookie", clearCookie(request, CHALLENGE_COOKIE));
    throw redirect(next, { headers });
  });
}

export default function SignInCode() {
  const refusal = useActionData<typeof action>();
  return (
    <main className="mx-auto mt-16 max-w-sm px-4">
      <h1 className="mb-6 text-2xl font-semibold">Enter your authenticator code</h1>
      <ErrorSummary errors={refusal?.errors} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Field
          name="code"
          label="Six-digit code"
          hint="From the authenticator app you set up for the back office."
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          errors={refusal?.errors}
        />
        <div>
          <Button>Sign in</Button>
        </div>
      </Form>
      <p className="mt-6 text-sm">
        <a href="/sign-in">Start again with your password</a>
      </p>
    </main>
  );
}
