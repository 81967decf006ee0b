import { AdminMenuParamsSchema, PutAdminMenuBodySchema } from "@quire/contracts";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-menus";
import { ContentNav } from "~/components/content-nav";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Menus · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminMenus"));
  return { menus: data.menus };
}

const NewMenuForm = z.object({ code: AdminMenuParamsSchema.shape.code, name: PutAdminMenuBodySchema.def.shape.name });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create") throw new Response("Unknown action", { status: 400 });
  const api = context.get(apiContext);
  return handleForm(form, NewMenuForm, async ({ code, name }) => {
    const { data: menus } = await api.call("listAdminMenus");
    if (menus.menus.some((menu) => menu.code === code)) {
      return { errors: { fields: { code: "The shop already has a menu with this code" }, form: [] }, values: { code, name } };
    }
    await api.call("putAdminMenu", { params: { code }, body: { name, items: [] } });
    return redirectWithMessage(request, `/content/menus/${code}`, `Menu ${name} created: add its items.`);
  });
}

export default function Menus() {
  const { menus } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Content" />
      <ContentNav />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="relative self-start overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The shop's menus</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Menu
                </th>
                <th scope="col" className="px-3 py-2">
                  Code
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Items
                </th>
              </tr>
            </thead>
            <tbody>
              {menus.map((menu) => (
                <tr key={menu.code} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/content/menus/${menu.code}`}>{menu.name}</Link>
                  </th>
                  <td className="px-3 py-2 font-mono">{menu.code}</td>
                  <td className="px-3 py-2 text-right">{menu.itemCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {menus.length === 0 ? <p className="p-3 text-sm">The shop has no menus yet.</p> : null}
        </div>
        <Card title="New menu" className="self-start">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <ErrorSummary errors={refusal?.errors} />
            <Field name="name" label="Name" required maxLength={100} defaultValue={refusal?.values.name} errors={refusal?.errors} />
            <Field
              name="code"
              label="Code"
              hint="Lower-case words and dashes; the shop reads the menu “main”."
              required
              maxLength={100}
              defaultValue={refusal?.values.code}
              errors={refusal?.errors}
            />
            <div>
              <Button name="intent" value="create">
                Create the menu
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
