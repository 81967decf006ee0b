import { EmailSchema, NewPasswordSchema, PersonNameSchema } from "@quire/contracts";
import { PASSWORD_MIN_LENGTH } from "@quire/contracts/constants";
import { Form, redirect, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/set-up";
import { Button, ErrorSummary, Field } from "~/components/ui";
import { sessionCookie } from "~/lib/cookies.server";
import { apiContext } from "~/lib/context.server";
import { handleForm } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Set up your shop's back office · Quire" }];

const SetUpForm = z
  .object({ name: PersonNameSchema, email: EmailSchema, password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: "The two passwords are not the same", path: ["confirmPassword"] });

/**
 * The one-time link `npm start` prints while the shop has no owner (decision 056): the person who started the shop
 * becomes its owner and is signed in. The API takes the link once, within 72 hours, and only while no owner exists.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleForm(await request.formData(), SetUpForm, async ({ name, email, password }) => {
    const { data: session } = await context
      .get(apiContext)
      .call("completeStaffSetUp", { body: { token: params.token, name, email, password } });
    throw redirect("/", { headers: { "Set-Cookie": sessionCookie(request, session.token, session.expiresAt) } });
  });
}

export default function SetUp() {
  const refusal = useActionData<typeof action>();
  return (
    <main className="mx-auto mt-16 max-w-sm px-4">
      <p className="text-lg font-semibold">Quire</p>
      <h1 className="mb-2 text-2xl font-semibold">Set up your shop's back office</h1>
      <p className="mb-6 text-sm text-zinc-700">You become the shop's owner: you can then invite your team. This link works once.</p>
      <ErrorSummary errors={refusal?.errors} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <Field name="name" label="Your name" autoComplete="name" required defaultValue={refusal?.values.name} errors={refusal?.errors} />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          defaultValue={refusal?.values.email}
          errors={refusal?.errors}
        />
        <Field
          name="password"
          label="Password"
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
          <Button>Create the owner and sign in</Button>
        </div>
      </Form>
    </main>
  );
}
