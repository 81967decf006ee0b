import { SlugSchema } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/category";
import { CheckboxField, TextAreaField } from "~/components/catalogue-fields";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { parentOptions } from "~/lib/categories-tree";
import { nextPosition } from "~/lib/catalogue-order";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Category ${data?.category.name ?? ""} · Quire back office` }];

const CategoryIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

function categoryIdOf(params: { id?: string }): number {
  const parsed = CategoryIdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = categoryIdOf(params);
  const { data: categories } = await pageRead(request, context.get(apiContext).call("listAdminCategories"));
  const category = categories.find((candidate) => candidate.id === id);
  if (!category) throw new Response("Not found", { status: 404 });
  // A category cannot move under itself or anything under it: those are left out of its parent choices.
  return { category, parents: parentOptions(categories, id) };
}

const EditForm = z.object({
  name: z.string().trim().min(1, "Enter the category's name").max(100, "Keep the name to 100 characters"),
  slug: z.string().trim().pipe(SlugSchema),
  description: z.string().trim().max(5000, "Keep the description to 5000 characters"),
  parentId: z.union([z.literal("").transform(() => null), z.coerce.number().int().min(1).max(2_147_483_647)]),
  isVisible: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  seoTitle: z.string().trim().max(70, "Keep the title to 70 characters"),
  seoDescription: z.string().trim().max(320, "Keep the description to 320 characters"),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = categoryIdOf(params);
  const form = await request.formData();
  if (form.get("intent") !== "save") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, EditForm, async (edited) => {
    const { data: categories } = await api.call("listAdminCategories");
    const current = categories.find((candidate) => candidate.id === id);
    if (!current) throw new Response("Not found", { status: 404 });
    // Only what changed is sent: an unchanged slug must not leave a redirect to itself.
    const changes = Object.fromEntries(Object.entries(edited).filter(([field, value]) => current[field as keyof typeof current] !== value));
    if (Object.keys(changes).length === 0) return redirectWithMessage(request, `/categories/${id}`, "Nothing was changed.");
    if ("parentId" in changes) {
      // Moved under another parent: it goes last among its new siblings.
      const siblings = categories.filter((category) => category.parentId === edited.parentId && category.id !== id);
      changes.position = nextPosition(siblings);
    }
    const { data: category } = await api.call("updateAdminCategory", { params: { id }, body: changes });
    return redirectWithMessage(request, `/categories/${id}`, `Category "${category.name}" saved.`);
  });
}

export default function CategoryPage() {
  const { category, parents } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values;
  const value = (field: "name" | "slug" | "description" | "seoTitle" | "seoDescription") => values?.[field] ?? category[field];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/categories">Categories</Link>
      </p>
      <PageHeader title={`Category ${category.name}`} />
      <ErrorSummary errors={errors} />
      <Card title="Details" className="max-w-2xl">
        <Form key={JSON.stringify(category)} method="post" className="flex flex-col gap-3">
          <Field name="name" label="Name" required maxLength={100} defaultValue={value("name")} errors={errors} />
          <Field
            name="slug"
            label="Slug"
            hint="Its address in the shop; the old address keeps working and leads to the new one"
            required
            maxLength={200}
            defaultValue={value("slug")}
            errors={errors}
          />
          <TextAreaField name="description" label="Description" maxLength={5000} defaultValue={value("description")} errors={errors} />
          <SelectField
            name="parentId"
            label="Under"
            options={parents}
            defaultValue={values?.parentId ?? (category.parentId === null ? "" : String(category.parentId))}
            errors={errors}
          />
          <CheckboxField
            name="isVisible"
            label="Shown in the shop"
            hint="A hidden category, and everything under it, is left out of the shop"
            defaultChecked={values ? values.isVisible === "on" : category.isVisible}
          />
          <Field
            name="seoTitle"
            label="Title in search results"
            hint="Leave empty to use the name"
            maxLength={70}
            defaultValue={value("seoTitle")}
            errors={errors}
          />
          <TextAreaField
            name="seoDescription"
            label="Description in search results"
            hint="Leave empty to use the description"
            maxLength={320}
            defaultValue={value("seoDescription")}
            errors={errors}
          />
          <div>
            <Button name="intent" value="save">
              Save category
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
