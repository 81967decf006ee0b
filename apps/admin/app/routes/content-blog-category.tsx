import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-blog-category";
import { TextAreaField } from "~/components/form-fields";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { CategoryForm } from "~/lib/content-blog-form.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.category.name ?? "Category"} · Blog · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idParamOf(params.id);
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminBlogCategories"));
  const category = data.categories.find((candidate) => candidate.id === id);
  if (!category) throw new Response("Not found", { status: 404 });
  return { category };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = idParamOf(params.id);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "save":
      return handleForm(form, CategoryForm, async ({ position, ...body }) => {
        const { data } = await api.call("updateAdminBlogCategory", {
          params: { id },
          body: { ...body, ...(position === undefined ? {} : { position }) },
        });
        return redirectWithMessage(request, `/content/blog/categories/${id}`, `Category ${data.name} saved.`);
      });
    case "delete":
      return handleForm(form, z.object({}), async () => {
        await api.call("deleteAdminBlogCategory", { params: { id } });
        return redirectWithMessage(request, "/content/blog/categories", "Category deleted.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function BlogCategoryPage() {
  const { category } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {
    name: category.name,
    slug: category.slug,
    description: category.description,
    position: String(category.position),
  };
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content/blog/categories">Back to blog categories</Link>
      </p>
      <PageHeader title={`Blog category: ${category.name}`} />
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card>
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <Field name="name" label="Name" required maxLength={100} defaultValue={values.name} errors={errors} />
            <Field
              name="slug"
              label="Slug"
              hint="A new slug keeps the old address as a redirect."
              required
              maxLength={200}
              defaultValue={values.slug}
              errors={errors}
            />
            <TextAreaField
              name="description"
              label="Description (optional)"
              rows={3}
              maxLength={1000}
              defaultValue={values.description}
              errors={errors}
            />
            <Field
              name="position"
              label="Position"
              hint="Lower comes first."
              inputMode="numeric"
              defaultValue={values.position}
              errors={errors}
            />
            <div>
              <Button name="intent" value="save">
                Save the category
              </Button>
            </div>
          </Form>
        </Card>
        <Card title="Delete" className="self-start">
          <Form method="post">
            <p className="mb-2 text-sm">{category.postCount} posts are in it; they stay, without this category.</p>
            <Button kind="danger" name="intent" value="delete">
              Delete the category
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}
