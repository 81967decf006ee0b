import { SlugSchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/categories";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { type CategoryNode, nestCategories, parentOptions, siblingMoves } from "~/lib/categories-tree";
import { nextPosition } from "~/lib/catalogue-order";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Categories · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: categories } = await pageRead(request, context.get(apiContext).call("listAdminCategories"));
  // The create form carries its own key: sent twice (a double click, a reload), the API makes one category.
  return { tree: nestCategories(categories), parents: parentOptions(categories), createKey: randomUUID() };
}

const ParentIdSchema = z.union([z.literal("").transform(() => null), z.coerce.number().int().min(1).max(2_147_483_647)]);
const CreateForm = z.object({
  name: z.string().trim().min(1, "Enter the category's name").max(100, "Keep the name to 100 characters"),
  slug: z.string().trim().pipe(SlugSchema),
  parentId: ParentIdSchema,
  createKey: z.string().uuid(),
});
const MoveForm = z.object({ categoryId: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "create":
      return handleForm(form, CreateForm, async ({ name, slug, parentId, createKey }) => {
        const { data: categories } = await api.call("listAdminCategories");
        const siblings = categories.filter((category) => category.parentId === parentId);
        const position = nextPosition(siblings);
        const { data: category } = await api.call("createAdminCategory", {
          headers: { "idempotency-key": createKey },
          body: { name, slug, parentId, position },
        });
        return redirectWithMessage(request, "/categories", `Category "${category.name}" created.`);
      });
    case "move-up":
    case "move-down":
      return handleForm(form, MoveForm, async ({ categoryId }) => {
        const { data: categories } = await api.call("listAdminCategories");
        const moves = siblingMoves(categories, categoryId, intent === "move-up" ? "up" : "down");
        // The API orders siblings by one number each: the moved pair and any siblings that shared a number get theirs.
        for (const move of moves) await api.call("updateAdminCategory", { params: { id: move.id }, body: { position: move.position } });
        const name = categories.find((category) => category.id === categoryId)?.name ?? "The category";
        return redirectWithMessage(
          request,
          "/categories",
          moves.length ? `"${name}" moved ${intent === "move-up" ? "up" : "down"}.` : `"${name}" cannot move further.`,
        );
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

function CategoryTree({ nodes, label }: { nodes: CategoryNode[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-1">
      {nodes.map((node, index) => (
        <li key={node.id}>
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 bg-white px-3 py-2">
            <Link to={`/categories/${node.id}`} className="font-medium">
              {node.name}
            </Link>
            <span className="text-sm text-zinc-600">/{node.slug}</span>
            {node.isVisible ? null : (
              <span className="rounded bg-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-800">Hidden from the shop</span>
            )}
            <span className="ml-auto flex gap-1">
              {index > 0 ? (
                <Form method="post">
                  <input type="hidden" name="categoryId" value={node.id} />
                  <MoveButton intent="move-up" name={node.name} />
                </Form>
              ) : null}
              {index < nodes.length - 1 ? (
                <Form method="post">
                  <input type="hidden" name="categoryId" value={node.id} />
                  <MoveButton intent="move-down" name={node.name} />
                </Form>
              ) : null}
            </span>
          </div>
          {node.children.length > 0 ? (
            <div className="mt-1 ml-6">
              <CategoryTree nodes={node.children} label={`Under ${node.name}`} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function MoveButton({ intent, name }: { intent: "move-up" | "move-down"; name: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="rounded-md border border-zinc-400 bg-white px-2 py-1 text-xs font-medium hover:bg-zinc-100"
    >
      {intent === "move-up" ? "Move up" : "Move down"}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

export default function Categories() {
  const { tree, parents, createKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <PageHeader title="Categories" />
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title="The category tree">
          {tree.length === 0 ? <p className="text-sm">No categories yet.</p> : <CategoryTree nodes={tree} label="Top-level categories" />}
        </Card>
        <Card title="New category">
          <Form key={createKey} method="post" className="flex flex-col gap-3">
            <input type="hidden" name="createKey" value={createKey} />
            <Field name="name" label="Name" required maxLength={100} defaultValue={values.name} errors={errors} />
            <Field
              name="slug"
              label="Slug"
              hint="Its address in the shop, such as gift-books-for-her"
              required
              maxLength={200}
              defaultValue={values.slug}
              errors={errors}
            />
            <SelectField name="parentId" label="Under" options={parents} defaultValue={values.parentId ?? ""} errors={errors} />
            <div>
              <Button name="intent" value="create">
                Create category
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
