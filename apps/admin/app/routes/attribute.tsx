import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/attribute";
import { CheckboxField } from "~/components/catalogue-fields";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { AttributeCodeFormSchema } from "~/lib/attribute-codes";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Attribute ${data?.attribute.name ?? ""} · Quire back office` }];

const IdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

function attributeIdOf(params: { id?: string }): number {
  const parsed = IdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = attributeIdOf(params);
  const url = new URL(request.url);
  const afterText = url.searchParams.get("after");
  const after = afterText && /^\d{1,10}$/.test(afterText) && Number(afterText) <= 2_147_483_647 ? Number(afterText) : undefined;
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const [{ data: list }, { data: page }] = await pageRead(
    request,
    Promise.all([
      api.call("listAdminAttributes"),
      api.call("listAdminAttributeValues", { params: { id }, query: { limit: 50, after, ...(search ? { search } : {}) } }),
    ]),
  );
  const attribute = list.attributes.find((candidate) => candidate.id === id);
  if (!attribute) throw new Response("Not found", { status: 404 });
  const keep: Record<string, string> = search ? { search } : {};
  return {
    attribute,
    values: page.values,
    search,
    nextPage: page.nextAfter ? `?${new URLSearchParams({ ...keep, after: String(page.nextAfter) })}` : null,
    firstPage: after ? `?${new URLSearchParams(keep)}` : null,
    // The add-value form carries its own key: sent twice (a double click, a reload), the API adds one value.
    valueKey: randomUUID(),
  };
}

const DetailsForm = z.object({
  name: z.string().trim().min(1, "Enter the attribute's name").max(100, "Keep the name to 100 characters"),
  isFilterable: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
const label = z.string().trim().min(1, "Enter the label").max(200, "Keep the label to 200 characters");
const AddValueForm = z.object({ valueCode: AttributeCodeFormSchema, valueLabel: label, valueKey: z.string().uuid() });
const RelabelForm = z.object({ valueId: IdSchema, label });

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = attributeIdOf(params);
  const form = await request.formData();
  const here = `/attributes/${id}`;
  switch (form.get("intent")) {
    case "save":
      return handleForm(form, DetailsForm, async (body) => {
        const { data: attribute } = await api.call("updateAdminAttribute", { params: { id }, body });
        return redirectWithMessage(request, here, `Attribute "${attribute.name}" saved.`);
      });
    case "add-value":
      return handleForm(
        form,
        AddValueForm,
        async ({ valueCode, valueLabel, valueKey }) => {
          const { data: value } = await api.call("createAdminAttributeValue", {
            params: { id },
            headers: { "idempotency-key": valueKey },
            body: { code: valueCode, label: valueLabel },
          });
          return redirectWithMessage(request, here, `Value "${value.label}" added.`);
        },
        { code: "valueCode", label: "valueLabel" },
      );
    case "relabel":
      return handleForm(form, RelabelForm, async ({ valueId, label }) => {
        const { data: value } = await api.call("updateAdminAttributeValue", { params: { id: valueId }, body: { label } });
        return redirectWithMessage(request, `${here}${new URL(request.url).search}`, `Value relabelled "${value.label}".`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function AttributePage() {
  const { attribute, values, search, nextPage, firstPage, valueKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  const typed = refusal?.values ?? {};
  // A refused relabel shows its error beside that value's field (all the value rows share the field name "label").
  const relabelled = typed.valueId ? Number(typed.valueId) : null;
  const summary =
    errors && relabelled
      ? {
          form: errors.form,
          fields: Object.fromEntries(Object.entries(errors.fields).map(([, message]) => [`value-${relabelled}-label`, message])),
        }
      : errors;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/attributes">Attributes</Link>
      </p>
      <PageHeader title={`Attribute ${attribute.name}`} />
      <ErrorSummary errors={summary} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title="Values">
          <Form method="get" role="search" aria-label="Search the values" className="mb-3 flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="search" className="text-sm font-medium">
                Find a value by its label
              </label>
              <input
                id="search"
                name="search"
                type="search"
                defaultValue={search}
                maxLength={100}
                className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
              />
            </div>
            <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
              Search
            </button>
          </Form>
          {values.length === 0 ? (
            <p className="text-sm">{search ? "No value has a label like this." : "No values yet."}</p>
          ) : (
            <div className="relative overflow-x-auto" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Values of {attribute.name}, with how many products have each</caption>
                <thead>
                  <tr className="border-b border-zinc-200">
                    <th scope="col" className="py-2 pr-3">
                      Label
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Code
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Products
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {values.map((value) => {
                    const fieldId = `value-${value.id}-label`;
                    const error = relabelled === value.id ? errors?.fields.label : undefined;
                    return (
                      <tr key={value.id} className="border-b border-zinc-100 align-top last:border-0">
                        <td className="py-2 pr-3">
                          <Form key={value.label} method="post" className="flex flex-wrap items-center gap-2">
                            <input type="hidden" name="valueId" value={value.id} />
                            <label htmlFor={fieldId} className="sr-only">
                              Label of {value.code}
                            </label>
                            <input
                              id={fieldId}
                              name="label"
                              defaultValue={error ? typed.label : value.label}
                              maxLength={200}
                              required
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${fieldId}-error` : undefined}
                              className={`min-w-0 flex-1 rounded-md border bg-white px-2 py-1 text-sm ${error ? "border-red-700" : "border-zinc-500"}`}
                            />
                            <button
                              type="submit"
                              name="intent"
                              value="relabel"
                              className="rounded-md border border-zinc-400 bg-white px-2 py-1 text-xs font-medium hover:bg-zinc-100"
                            >
                              Save label<span className="sr-only"> of {value.code}</span>
                            </button>
                            {error ? (
                              <p id={`${fieldId}-error`} className="w-full text-sm text-red-800">
                                {error}
                              </p>
                            ) : null}
                          </Form>
                        </td>
                        <td className="py-2 pr-3">{value.code}</td>
                        <td className="py-2 text-right">{value.productCount}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label="Pages of values" className="mt-3 flex gap-4 text-sm">
            {firstPage !== null ? <Link to={firstPage}>First values</Link> : null}
            {nextPage ? <Link to={nextPage}>More values</Link> : null}
          </nav>
        </Card>
        <div className="flex flex-col gap-4">
          <Card title="Details">
            <Form key={`${attribute.name}-${attribute.isFilterable}`} method="post" className="flex flex-col gap-3">
              <p className="text-sm">
                Code: <span className="font-medium">{attribute.code}</span>
              </p>
              <Field
                name="name"
                label="Name"
                required
                maxLength={100}
                defaultValue={typed.name ?? attribute.name}
                errors={relabelled ? undefined : errors}
              />
              <CheckboxField name="isFilterable" label="Show in the shop's filters" defaultChecked={attribute.isFilterable} />
              <div>
                <Button name="intent" value="save">
                  Save attribute
                </Button>
              </div>
            </Form>
          </Card>
          <Card title="New value">
            <Form key={valueKey} method="post" className="flex flex-col gap-3">
              <input type="hidden" name="valueKey" value={valueKey} />
              <Field name="valueLabel" label="Label" required maxLength={200} defaultValue={typed.valueLabel} errors={errors} />
              <Field
                name="valueCode"
                label="Code"
                hint="Used in the shop's filter addresses, such as paperback"
                required
                maxLength={50}
                defaultValue={typed.valueCode}
                errors={errors}
              />
              <div>
                <Button name="intent" value="add-value">
                  Add value
                </Button>
              </div>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}
