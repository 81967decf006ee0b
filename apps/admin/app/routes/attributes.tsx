import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/attributes";
import { CheckboxField } from "~/components/catalogue-fields";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { AttributeCodeFormSchema } from "~/lib/attribute-codes";
import { pageRead } from "~/lib/auth.server";
import { nextPosition, orderMoves } from "~/lib/catalogue-order";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Attributes · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminAttributes"));
  // The create form carries its own key: sent twice (a double click, a reload), the API makes one attribute.
  return { attributes: [...data.attributes].sort((a, b) => a.position - b.position || a.id - b.id), createKey: randomUUID() };
}

const CreateForm = z.object({
  code: AttributeCodeFormSchema,
  name: z.string().trim().min(1, "Enter the attribute's name").max(100, "Keep the name to 100 characters"),
  isFilterable: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  createKey: z.string().uuid(),
});
const AttributeForm = z.object({ attributeId: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "create":
      return handleForm(form, CreateForm, async ({ code, name, isFilterable, createKey }) => {
        const { data: list } = await api.call("listAdminAttributes");
        const { data: attribute } = await api.call("createAdminAttribute", {
          headers: { "idempotency-key": createKey },
          body: { code, name, isFilterable, position: nextPosition(list.attributes) },
        });
        return redirectWithMessage(request, "/attributes", `Attribute "${attribute.name}" created.`);
      });
    case "move-up":
    case "move-down":
      return handleForm(form, AttributeForm, async ({ attributeId }) => {
        const { data: list } = await api.call("listAdminAttributes");
        const moves = orderMoves(list.attributes, attributeId, intent === "move-up" ? "up" : "down");
        for (const move of moves) await api.call("updateAdminAttribute", { params: { id: move.id }, body: { position: move.position } });
        const name = list.attributes.find((attribute) => attribute.id === attributeId)?.name ?? "The attribute";
        return redirectWithMessage(
          request,
          "/attributes",
          moves.length ? `"${name}" moved ${intent === "move-up" ? "up" : "down"}.` : `"${name}" cannot move further.`,
        );
      });
    case "hide":
    case "show":
      return handleForm(form, AttributeForm, async ({ attributeId }) => {
        const { data: attribute } = await api.call("updateAdminAttribute", {
          params: { id: attributeId },
          body: { isFilterable: intent === "show" },
        });
        return redirectWithMessage(
          request,
          "/attributes",
          `"${attribute.name}" is ${attribute.isFilterable ? "now a filter of the shop" : "no longer a filter of the shop"}.`,
        );
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

function RowButton({ intent, label, name, attributeId }: { intent: string; label: string; name: string; attributeId: number }) {
  return (
    <Form method="post">
      <input type="hidden" name="attributeId" value={attributeId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="rounded-md border border-zinc-400 bg-white px-2 py-1 text-xs font-medium hover:bg-zinc-100"
      >
        {label}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

export default function Attributes() {
  const { attributes, createKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const values = refusal?.values ?? {};
  return (
    <>
      <PageHeader title="Attributes" />
      <ErrorSummary errors={errors} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        {attributes.length === 0 ? (
          <p>No attributes yet.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Attributes, in the order the shop's filters show them</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Code
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Values
                  </th>
                  <th scope="col" className="px-3 py-2">
                    In the shop's filters
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {attributes.map((attribute, index) => (
                  <tr key={attribute.id} className="border-b border-zinc-100 last:border-0">
                    <th scope="row" className="px-3 py-2 font-medium">
                      <Link to={`/attributes/${attribute.id}`}>{attribute.name}</Link>
                    </th>
                    <td className="px-3 py-2">{attribute.code}</td>
                    <td className="px-3 py-2 text-right">{attribute.valueCount}</td>
                    <td className="px-3 py-2">{attribute.isFilterable ? "Shown" : "Hidden"}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap justify-end gap-1">
                        {index > 0 ? <RowButton intent="move-up" label="Move up" name={attribute.name} attributeId={attribute.id} /> : null}
                        {index < attributes.length - 1 ? (
                          <RowButton intent="move-down" label="Move down" name={attribute.name} attributeId={attribute.id} />
                        ) : null}
                        <RowButton
                          intent={attribute.isFilterable ? "hide" : "show"}
                          label={attribute.isFilterable ? "Hide from filters" : "Show in filters"}
                          name={attribute.name}
                          attributeId={attribute.id}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Card title="New attribute">
          <Form key={createKey} method="post" className="flex flex-col gap-3">
            <input type="hidden" name="createKey" value={createKey} />
            <Field name="name" label="Name" required maxLength={100} defaultValue={values.name} errors={errors} />
            <Field
              name="code"
              label="Code"
              hint="Used in the shop's filter addresses, such as cover-type; it cannot change later"
              required
              maxLength={50}
              defaultValue={values.code}
              errors={errors}
            />
            <CheckboxField
              name="isFilterable"
              label="Show in the shop's filters"
              defaultChecked={values.createKey ? values.isFilterable === "on" : true}
            />
            <div>
              <Button name="intent" value="create">
                Create attribute
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
