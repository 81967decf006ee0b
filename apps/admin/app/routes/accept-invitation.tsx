import { NewPasswordSchema } from "@quire/contracts";
import { PASSWORD_MIN_LENGTH } from "@quire/contracts/constants";
import { Form, redirect, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/accept-invitation";
import { Button, ErrorSummary, Field } from "~/components/ui";
import { sessionCookie } from "~/lib/cookies.server";
import { apiContext } from "~/lib/context.server";
import { handleForm } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Join the back office · Quire" }];

const AcceptForm = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: "The two passwords are not the same", path: ["confirmPassword"] });

/**
 * The link an owner's invitation mailed: the person chooses their password and is signed in. The token is in the
 * path (the server's log cuts it out) and goes to the API, which takes it once, within 72 hours.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleForm(await request.formData(), AcceptForm, async ({ password }) => {
    const { data: session } = await context.get(apiContext).call("acceptStaffInvitation", { body: { token: params.token, password } });
    throw redirect("/", { headers: { "Set-Cookie": sessionCookie(request, session.token, session.expiresAt) } });
  });
}

export default function AcceptInvitation() {
  const refusal = useActionData<typeof action>();
  return (
    <main className="mx-auto mt-16 max-w-sm px-4">
      <h1 className="mb-2 text-2xl font-semibold">Join the back office</h1>
      <p className="mb-6 text-sm text-zinc-700">Choose the password you will sign in with. The link works once.</p>
      <ErrorSummary errors={refusal?.errors} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Field
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; a passphrase is easiest to remember.`}
          required
          errors={refusal?.errors}
        />
        <Field
          name="confirmPassword"
          label="The same password again"
          type="password"
          autoComplete="new-password"
          required
          errors={refusal?.errors}
        />
        <div>
          <Button>Set password and sign in</Button>
        </div>
      </Form>
    </main>
  );
}
