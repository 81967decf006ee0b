import { AdminMenuParamsSchema, PutAdminMenuBodySchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-menu";
import { RowButton } from "~/components/content-blocks-editor";
import { Button, Card, ErrorSummary, Field, PageHeader, SelectField } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { rowsOfMenu } from "~/lib/content-menus";
import { menuOfRows } from "~/lib/content-menus.server";
import { moveRows, rowsOf, withRows } from "~/lib/content-rows";
import { apiContext } from "~/lib/context.server";
import { formValues, handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Menu ${data?.menu.name ?? ""} · Content · Quire back office` }];

function menuCodeOf(params: { code?: string }): string {
  const parsed = AdminMenuParamsSchema.shape.code.safeParse(params.code);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: menu } = await pageRead(request, context.get(apiContext).call("getAdminMenu", { params: { code: menuCodeOf(params) } }));
  return { menu, values: withRows({ name: menu.name }, "items", rowsOfMenu(menu.items)) };
}

const MenuForm = z.record(z.string(), z.string()).transform((values, context) => {
  const name = PutAdminMenuBodySchema.def.shape.name.safeParse(values.name ?? "");
  if (!name.success) context.addIssue({ code: "custom", message: "Enter the menu's name", path: ["name"] });
  const items = menuOfRows(rowsOf(values, "items"), context);
  return name.success ? { name: name.data, items } : z.NEVER;
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const code = menuCodeOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "save":
      return handleForm(form, MenuForm, async (body) => {
        const { data: menu } = await api.call("putAdminMenu", { params: { code }, body });
        return redirectWithMessage(request, `/content/menus/${code}`, `Menu ${menu.name} saved.`);
      });
    case "delete":
      return handleForm(form, z.object({}), async () => {
        await api.call("deleteAdminMenu", { params: { code } });
        return redirectWithMessage(request, "/content/menus", "Menu deleted.");
      });
    default: {
      const values = formValues(form);
      const rows = moveRows(intent, rowsOf(values, "items"), () => ({ label: "", url: "", level: "1" }));
      if (!rows) throw new Response("Unknown action", { status: 400 });
      return { draft: withRows(values, "items", rows), revision: randomUUID() };
    }
  }
}

const LEVELS = [
  { value: "1", label: "1 (top)" },
  { value: "2", label: "2" },
  { value: "3", label: "3" },
];

export default function MenuPage() {
  const { menu, values: saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer && "errors" in answer ? answer.errors : undefined;
  const values = answer && "draft" in answer ? answer.draft : answer && "values" in answer ? answer.values : saved;
  const rows = rowsOf(values, "items");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/content/menus">Back to menus</Link>
      </p>
      <PageHeader title={`Menu: ${menu.name}`} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Form
          method="post"
          key={answer && "revision" in answer ? answer.revision : "saved"}
          className="flex flex-col gap-4"
          noValidate
          aria-label="The menu"
        >
          <ErrorSummary errors={errors} />
          {answer && "draft" in answer ? (
            <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
              Changes not saved yet: save the menu to keep them.
            </p>
          ) : null}
          <div>
            <Button name="intent" value="save">
              Save the menu
            </Button>
          </div>
          <Card title="Name">
            <Field name="name" label="Name" required maxLength={100} defaultValue={values.name} errors={errors} />
          </Card>
          <Card title="Items">
            <p className="mb-3 text-sm text-zinc-700">
              A link is a path of the shop, such as /store/fiction, or an http(s) address. An item of level 2 goes under the level-1 item
              above it, and level 3 under the level-2 item above it.
            </p>
            <ol className="flex flex-col gap-3">
              {rows.map((row, index) => (
                <li key={index} style={{ marginLeft: `${(Number(row.level) - 1 || 0) * 1.5}rem` }}>
                  <fieldset className="flex flex-col gap-2 rounded-md border border-zinc-300 bg-zinc-50 p-3">
                    <legend className="px-1 text-sm font-semibold">Item {index + 1}</legend>
                    <div className="grid gap-3 sm:grid-cols-3">
                      <Field name={`items.${index}.label`} label="Label" maxLength={100} defaultValue={row.label} errors={errors} />
                      <Field
                        name={`items.${index}.url`}
                        label="Link"
                        hint="/store/fiction or https://…"
                        maxLength={500}
                        defaultValue={row.url}
                        errors={errors}
                      />
                      <SelectField name={`items.${index}.level`} label="Level" options={LEVELS} defaultValue={row.level} errors={errors} />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {index > 0 ? <RowButton value={`up:${index}`} label="Move up" row={`item ${index + 1}`} /> : null}
                      {index < rows.length - 1 ? <RowButton value={`down:${index}`} label="Move down" row={`item ${index + 1}`} /> : null}
                      <RowButton value={`remove:${index}`} label="Remove" row={`item ${index + 1}`} />
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <div className="mt-3">
              <button
                type="submit"
                name="intent"
                value="add"
                formNoValidate
                className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100"
              >
                Add an item
              </button>
            </div>
          </Card>
        </Form>
        <Card title="Delete" className="self-start">
          <Form method="post">
            <p className="mb-2 text-sm">The shop stops showing this menu.</p>
            <Button kind="danger" name="intent" value="delete">
              Delete the menu
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}
