import { InviteTradeBuyerBodySchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/customers-invite";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDate } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Invite a trade buyer · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Reading the customers first answers 403 here for a role without `customers`, before the form is shown.
  await pageRead(request, context.get(apiContext).call("listAdminCustomers", { query: { limit: 1 } }));
  return { idempotencyKey: randomUUID() };
}

// The contract's fields, not its strict object: the form also carries its button's `intent` and its key.
const InviteForm = z.object({
  ...InviteTradeBuyerBodySchema.shape,
  expiresInDays: z
    .string()
    .trim()
    .transform((text, context) => {
      if (!text) return undefined;
      const days = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(days >= 1 && days <= 365)) {
        context.addIssue({ code: "custom", message: "Enter a number of days from 1 to 365" });
        return z.NEVER;
      }
      return days;
    }),
  idempotencyKey: z.string().uuid(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "invite") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, InviteForm, async ({ idempotencyKey, expiresInDays, ...body }) => {
    const { data } = await context.get(apiContext).call("inviteTradeBuyer", {
      body: { ...body, ...(expiresInDays ? { expiresInDays } : {}) },
      headers: { "idempotency-key": idempotencyKey },
    });
    return redirectWithMessage(
      request,
      "/customers",
      `Invitation sent to ${data.email}; its link works until ${formatDate(data.expiresAt)}.`,
    );
  });
}

export default function InviteTradeBuyer() {
  const { idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Invite a trade buyer" />
      <Card className="max-w-2xl">
        <p className="mb-3 text-sm">
          The buyer gets an email with a link to choose their password; their account is a trade account of the company named.
        </p>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <ErrorSummary errors={errors} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            defaultValue={values.email}
            errors={errors}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="First name" required maxLength={100} defaultValue={values.firstName} errors={errors} />
            <Field name="lastName" label="Last name" required maxLength={100} defaultValue={values.lastName} errors={errors} />
          </div>
          <Field name="companyName" label="Company" required maxLength={100} defaultValue={values.companyName} errors={errors} />
          <Field
            name="expiresInDays"
            label="Link works for (days, optional)"
            hint="Empty: 14 days."
            inputMode="numeric"
            defaultValue={values.expiresInDays}
            errors={errors}
          />
          <div>
            <Button name="intent" value="invite">
              Send the invitation
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
