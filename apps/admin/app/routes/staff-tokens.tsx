import { StaffRoleSchema } from "@quire/contracts";
import { MAX_API_TOKEN_DAYS, STAFF_ROLES } from "@quire/contracts/constants";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/staff-tokens";
import { Button, ButtonLink, Card, ErrorSummary, Field, PageHeader, SelectField, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "API tokens · Staff · Quire back office" }];

const TokenId = z.coerce.number().int().min(1).max(2_147_483_647);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: tokens } = await pageRead(request, context.get(apiContext).call("listApiTokens"));
  const revoke = TokenId.safeParse(new URL(request.url).searchParams.get("revoke"));
  const now = Date.now();
  const listed = tokens.map((token) => ({
    ...token,
    status: token.revokedAt ? "revoked" : Date.parse(token.expiresAt) <= now ? "expired" : "active",
  }));
  const live = listed.filter((token) => token.status === "active");
  return { tokens: listed, revoking: revoke.success ? (live.find((token) => token.id === revoke.data) ?? null) : null };
}

const CreateForm = z.object({
  name: z.string().trim().min(1, "Name the token after what uses it, such as Warehouse scanner").max(100),
  role: StaffRoleSchema,
  expiresInDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `Enter a number of days from 1 to ${MAX_API_TOKEN_DAYS}`)
    .transform(Number)
    .pipe(z.number().min(1, "At least 1 day").max(MAX_API_TOKEN_DAYS, `At most ${MAX_API_TOKEN_DAYS} days`)),
});

/**
 * Making a token answers its secret in this page's answer, once: never in a redirect's message or an address, so
 * it is in no cookie, history entry or log. Revoking takes effect on the token's next call.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "create":
      return handleForm(form, CreateForm, async (body) => {
        const { data } = await api.call("createApiToken", { body });
        return { created: { secret: data.token, name: data.apiToken.name, role: data.apiToken.role, expiresAt: data.apiToken.expiresAt } };
      });
    case "revoke":
      return handleForm(form, z.object({ id: TokenId }), async ({ id }) => {
        await api.call("revokeApiToken", { params: { id } });
        return redirectWithMessage(request, "/staff/tokens", "The token is revoked: its next call is refused.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function StaffTokens() {
  const { tokens, revoking } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = answer && "created" in answer ? answer.created : null;
  const create = refusalFor(answer, "create");
  const revoke = refusalFor(answer, "revoke");
  return (
    <>
      <PageHeader title="API tokens" />
      <p className="mb-4 text-sm">
        <Link to="/staff">Back to staff</Link>
      </p>
      <div className="flex max-w-5xl flex-col gap-6">
        {created ? (
          <section aria-labelledby="new-token" className="rounded-lg border-2 border-green-700 bg-green-50 p-4">
            <h2 id="new-token" className="mb-2 text-base font-semibold">
              Token {created.name} is made
            </h2>
            <p className="mb-2 text-sm">
              Copy its secret now: it is shown this once and cannot be shown again. It acts as {created.role} until{" "}
              {formatDateTime(created.expiresAt)}.
            </p>
            <label htmlFor="new-token-secret" className="text-sm font-medium">
              Secret of {created.name}
            </label>
            <input
              id="new-token-secret"
              readOnly
              value={created.secret}
              className="mt-1 block w-full rounded-md border border-zinc-500 bg-white px-3 py-2 font-mono text-sm"
              autoComplete="off"
              spellCheck={false}
            />
            <p className="mt-2 text-sm text-zinc-700">
              Send it as the header Authorization: Bearer, with the StoreKey header, on each admin API call.
            </p>
          </section>
        ) : null}
        {revoking ? (
          <Card title="Revoke a token">
            <ErrorSummary errors={revoke?.errors} />
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="id" value={revoking.id} />
              <p className="text-sm">
                Revoke {revoking.name} ({revoking.prefix}…)? Whatever uses it is refused from its next call. This cannot be undone.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button kind="danger" name="intent" value="revoke">
                  Yes, revoke {revoking.name}
                </Button>
                <ButtonLink href="/staff/tokens">Keep it</ButtonLink>
              </div>
            </Form>
          </Card>
        ) : null}
        {tokens.length === 0 ? (
          <p>No API tokens yet.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">API tokens</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Token
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Made
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Expires
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last used
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Revoke
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => {
                  const status = token.status;
                  return (
                    <tr key={token.id} className="border-b border-zinc-100 last:border-0">
                      <th scope="row" className="px-3 py-2 font-medium">
                        {token.name}
                        <span className="block font-mono text-xs font-normal text-zinc-600">{token.prefix}…</span>
                      </th>
                      <td className="px-3 py-2">{token.role}</td>
                      <td className="px-3 py-2">
                        <StatusBadge status={status} />
                        {token.revokedAt ? <span className="block text-zinc-600">{formatDateTime(token.revokedAt)}</span> : null}
                      </td>
                      <td className="px-3 py-2">{formatDateTime(token.createdAt)}</td>
                      <td className="px-3 py-2">{formatDateTime(token.expiresAt)}</td>
                      <td className="px-3 py-2">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Never"}</td>
                      <td className="px-3 py-2">
                        {status === "active" ? (
                          <Link to={`/staff/tokens?revoke=${token.id}`} aria-label={`Revoke ${token.name}`}>
                            Revoke…
                          </Link>
                        ) : (
                          "-"
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Card title="Make a token">
          <ErrorSummary errors={create?.errors} />
          {/* A new, empty form once a token is made. */}
          <Form key={tokens.length} method="post" className="flex flex-col gap-3" noValidate>
            <Field
              name="name"
              label="Name"
              hint="What uses it, such as Warehouse scanner"
              required
              maxLength={100}
              defaultValue={create?.values.name}
              errors={create?.errors}
            />
            <SelectField
              name="role"
              label="Role"
              options={STAFF_ROLES.map((role) => ({ value: role, label: role }))}
              defaultValue={create?.values.role ?? "fulfilment"}
              errors={create?.errors}
            />
            <Field
              name="expiresInDays"
              label="Valid for (days)"
              hint={`1 to ${MAX_API_TOKEN_DAYS}`}
              inputMode="numeric"
              maxLength={3}
              required
              defaultValue={create?.values.expiresInDays ?? "90"}
              errors={create?.errors}
            />
            <div>
              <Button name="intent" value="create">
                Make the token
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
