import { CreateAdminRedirectBodySchema } from "@quire/contracts";
import { randomUUID } from "node:crypto";
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-redirects";
import { ContentNav } from "~/components/content-nav";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { KeysetNav } from "~/components/keyset-nav";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { beforeOf, keysetLinks, searchOf } from "~/lib/keyset-list";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Redirects · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminRedirects", { query: { limit: 50, before: beforeOf(url), search: searchOf(url) } }),
  );
  return {
    redirects: data.redirects,
    links: keysetLinks(url, data.nextBefore),
    q: url.searchParams.get("q") ?? "",
    idempotencyKey: randomUUID(),
    search: url.search,
  };
}

// The contract's fields, not its strict object: the form also carries its button's `intent` and its key.
const CreateForm = z.object({ ...CreateAdminRedirectBodySchema.shape, idempotencyKey: z.string().uuid() });
const DeleteForm = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647), oldUrl: z.string().max(500) });

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const back = `/content/redirects${new URL(request.url).search}`;
  switch (form.get("intent")) {
    case "create":
      return handleForm(form, CreateForm, async ({ idempotencyKey, ...body }) => {
        const { data } = await api.call("createAdminRedirect", { body, headers: { "idempotency-key": idempotencyKey } });
        return redirectWithMessage(request, back, `${data.oldUrl} now leads to ${data.newUrl}.`);
      });
    case "delete":
      return handleForm(form, DeleteForm, async ({ id, oldUrl }) => {
        await api.call("deleteAdminRedirect", { params: { id } });
        return redirectWithMessage(request, back, `The redirect from ${oldUrl} is deleted.`);
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function Redirects() {
  const { redirects, links, q, idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const errors = refusal?.errors;
  return (
    <>
      <PageHeader title="Content" />
      <ContentNav />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div>
          <Form method="get" role="search" aria-label="Find redirects" className="mb-4 flex flex-wrap items-end gap-3">
            <SearchInput label="Old path" defaultValue={q} />
            <FilterButton>Search</FilterButton>
          </Form>
          {redirects.length === 0 ? (
            <p>No redirects match.</p>
          ) : (
            <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Redirects, newest first</caption>
                <thead className="border-b border-zinc-200 bg-zinc-50">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Old path
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Leads to
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {redirects.map((redirect) => (
                    <tr key={redirect.id} className="border-b border-zinc-100 last:border-0">
                      <th scope="row" className="px-3 py-2 font-mono font-normal break-all">
                        {redirect.oldUrl}
                      </th>
                      <td className="px-3 py-2 font-mono break-all">{redirect.newUrl}</td>
                      <td className="px-3 py-2 text-right">
                        <Form method="post">
                          <input type="hidden" name="id" value={redirect.id} />
                          <input type="hidden" name="oldUrl" value={redirect.oldUrl} />
                          <button type="submit" name="intent" value="delete" className="text-sm text-red-800 underline">
                            Delete<span className="sr-only"> the redirect from {redirect.oldUrl}</span>
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <KeysetNav label="Pages of redirects" links={links} newestLabel="Newest redirects" olderLabel="Older redirects" />
        </div>
        <Card title="New redirect" className="self-start">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <ErrorSummary errors={errors} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <Field
              name="oldUrl"
              label="Old path"
              hint="Such as /old-page, without a trailing slash."
              required
              maxLength={500}
              defaultValue={refusal?.values.oldUrl}
              errors={errors}
            />
            <Field
              name="newUrl"
              label="Leads to"
              hint="A path of the shop, such as /store/fiction."
              required
              maxLength={500}
              defaultValue={refusal?.values.newUrl}
              errors={errors}
            />
            <div>
              <Button name="intent" value="create">
                Add the redirect
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
