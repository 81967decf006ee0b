import { StaffSignInBodySchema } from "@quire/contracts";
import { Form, redirect, useActionData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/sign-in";
import type { loader as rootLoader } from "~/root";
import { Button, ErrorSummary, Field, FlashMessage } from "~/components/ui";
import { safeNext } from "~/lib/auth.server";
import { challengeCookie, readCookie, SESSION_COOKIE, sessionCookie } from "~/lib/cookies.server";
import { apiContext } from "~/lib/context.server";
import { handleForm } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Quire back office" }];

/** A member already signed in goes straight on. */
export function loader({ request }: Route.LoaderArgs) {
  if (readCookie(request, SESSION_COOKIE)) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

/**
 * The password, checked by the API (throttled per account and per client address). A member with two-factor
 * sign-in gets a five-minute challenge instead of a session: it is kept in a cookie for the code's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return handleForm(await request.formData(), StaffSignInBodySchema, async (body) => {
    const { data: result } = await api.call("staffSignIn", { body });
    if (result.status === "second_factor_required") {
      throw redirect(`/sign-in/code?next=${encodeURIComponent(next)}`, {
        headers: { "Set-Cookie": challengeCookie(request, result.challenge) },
      });
    }
    throw redirect(next, { headers: { "Set-Cookie": sessionCookie(request, result.token, result.expiresAt) } });
  });
}

export default function SignIn() {
  const refusal = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main className="mx-auto mt-16 max-w-sm px-4">
      <p className="text-lg font-semibold">Quire</p>
      <h1 className="mb-6 text-2xl font-semibold">Sign in to the back office</h1>
      <FlashMessage message={root?.flash} />
      <ErrorSummary errors={refusal?.errors} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          defaultValue={refusal?.values.email}
          errors={refusal?.errors}
        />
        <Field name="password" label="Password" type="password" autoComplete="current-password" required errors={refusal?.errors} />
        <div>
          <Button>Sign in</Button>
        </div>
      </Form>
    </main>
  );
}
