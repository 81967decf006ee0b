import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-blog-categories";
import { ContentNav } from "~/components/content-nav";
import { TextAreaField } from "~/components/form-fields";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { CategoryForm } from "~/lib/content-blog-form.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Blog categories · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminBlogCategories"));
  return { categories: data.categories, tags: data.tags, idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create") throw new Response("Unknown action", { status: 400 });
  const key = z.string().uuid().safeParse(form.get("idempotencyKey"));
  return handleForm(form, CategoryForm, async ({ position, ...body }) => {
    const { data } = await context.get(apiContext).call("createAdminBlogCategory", {
      body: { ...body, ...(position === undefined ? {} : { position }) },
      headers: key.success ? { "idempotency-key": key.data } : {},
    });
    return redirectWithMessage(request, "/content/blog/categories", `Category ${data.name} created.`);
  });
}

export default function BlogCategories() {
  const { categories, tags, idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  return (
    <>
      <PageHeader title="Content" />
      <ContentNav />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Blog categories, in their order</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Slug
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Position
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Posts
                  </th>
                </tr>
              </thead>
              <tbody>
                {categories.map((category) => (
                  <tr key={category.id} className="border-b border-zinc-100 last:border-0">
                    <th scope="row" className="px-3 py-2 font-medium">
                      <Link to={`/content/blog/categories/${category.id}`}>{category.name}</Link>
                    </th>
                    <td className="px-3 py-2 font-mono">{category.slug}</td>
                    <td className="px-3 py-2 text-right">{category.position}</td>
                    <td className="px-3 py-2 text-right">{category.postCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {categories.length === 0 ? <p className="p-3 text-sm">No categories yet.</p> : null}
          </div>
          <Card title="Tags">
            {tags.length === 0 ? (
              <p className="text-sm">No tags yet: a post's tags create them.</p>
            ) : (
              <ul className="flex flex-wrap gap-2 text-sm">
                {tags.map((tag) => (
                  <li key={tag.id} className="rounded bg-zinc-100 px-2 py-0.5">
                    {tag.name} ({tag.postCount})
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <Card title="New category" className="self-start">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <ErrorSummary errors={errors} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <Field name="name" label="Name" required maxLength={100} defaultValue={refusal?.values.name} errors={errors} />
            <Field
              name="slug"
              label="Slug"
              hint="Lower-case words and dashes."
              required
              maxLength={200}
              defaultValue={refusal?.values.slug}
              errors={errors}
            />
            <TextAreaField
              name="description"
              label="Description (optional)"
              rows={3}
              maxLength={1000}
              defaultValue={refusal?.values.description}
              errors={errors}
            />
            <Field
              name="position"
              label="Position (optional)"
              hint="Lower comes first."
              inputMode="numeric"
              defaultValue={refusal?.values.position}
              errors={errors}
            />
            <div>
              <Button name="intent" value="create">
                Create the category
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
