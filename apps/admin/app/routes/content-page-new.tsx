import { CreateAdminPageBodySchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-page-new";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "New page · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Reading the pages first answers 403 here for a role without `content`, before the form is shown.
  await pageRead(request, context.get(apiContext).call("listAdminPages", { query: { limit: 1 } }));
  return { idempotencyKey: randomUUID() };
}

/** A new page starts as a draft with its path and title; its blocks are written on its own page. */
const NewPageForm = z.object({
  url: CreateAdminPageBodySchema.shape.url,
  title: CreateAdminPageBodySchema.shape.title,
  metaDescription: z.string().trim().max(300, "Use at most 300 characters"),
  idempotencyKey: z.string().uuid(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, NewPageForm, async ({ idempotencyKey, ...body }) => {
    const { data: page } = await context.get(apiContext).call("createAdminPage", {
      body: { ...body, blocks: [], isPublished: false },
      headers: { "idempotency-key": idempotencyKey },
    });
    return redirectWithMessage(request, `/content/pages/${page.id}`, `Draft page ${page.title} created: add its blocks.`);
  });
}

export default function NewPage() {
  const { idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content">Back to pages</Link>
      </p>
      <PageHeader title="New page" />
      <Card className="max-w-2xl">
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <ErrorSummary errors={errors} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <Field name="title" label="Title" required maxLength={200} defaultValue={values.title} errors={errors} />
          <Field
            name="url"
            label="Path"
            hint="Where the page answers in the shop: / or one word such as /about."
            required
            maxLength={201}
            defaultValue={values.url ?? "/"}
            errors={errors}
          />
          <Field
            name="metaDescription"
            label="Description for search engines (optional)"
            maxLength={300}
            defaultValue={values.metaDescription}
            errors={errors}
          />
          <div>
            <Button name="intent" value="create">
              Create the draft
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
