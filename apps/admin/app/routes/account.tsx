import { ConfirmTwoFactorBodySchema, DisableTwoFactorBodySchema } from "@quire/contracts";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import { QrCode } from "~/components/qr-code";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { ROLE_DESCRIPTIONS } from "~/lib/staff-roles";
import { staffContext, apiContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { formValues, handleForm, redirectWithMessage } from "~/lib/forms.server";
import { qrPath } from "~/lib/qr-code.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "Your account · Quire back office" }];

/** The signed-in member as the API knows them (the layout's middleware read it for this request). */
export function loader({ context }: Route.LoaderArgs) {
  const me = context.get(staffContext);
  return { me: { name: me.name, email: me.email, role: me.role, twoFactorEnabled: me.twoFactorEnabled, lastSignInAt: me.lastSignInAt } };
}

/** The set-up's secret travels with the confirm form (the member's own, in a POST body), to show it again after a wrong code. */
const ConfirmForm = ConfirmTwoFactorBodySchema.extend({ secret: z.string().max(200), otpauthUrl: z.string().max(1000) });

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "start":
      // A new secret, not in force until a code from it is confirmed: answered on this page, never in an address.
      return handleForm(form, z.object({}), async () => {
        const { data: setup } = await api.call("startTwoFactorSetup");
        return { setup: { ...setup, qr: qrPath(setup.otpauthUrl) } };
      });
    case "confirm": {
      const result = await handleForm(form, ConfirmForm, async ({ code }) => {
        await api.call("confirmTwoFactor", { body: { code } });
        return redirectWithMessage(request, "/account", "Two-factor sign-in is on: signing in asks for a code from your app.");
      });
      if (result instanceof Response) return result;
      // Refused: the set-up stays on the page with the message beside the code.
      const values = formValues(form);
      return data(
        {
          ...result.data,
          setup: { secret: values.secret ?? "", otpauthUrl: values.otpauthUrl ?? "", qr: qrPath(values.otpauthUrl ?? "") },
        },
        result.init ?? undefined,
      );
    }
    case "disable":
      return handleForm(form, DisableTwoFactorBodySchema, async (body) => {
        await api.call("disableTwoFactor", { body });
        return redirectWithMessage(request, "/account", "Two-factor sign-in is off: signing in asks for your password only.");
      });
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function Account() {
  const { me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const setup = answer && "setup" in answer ? answer.setup : null;
  const confirm = refusalFor(answer, "confirm");
  const disable = refusalFor(answer, "disable");
  const start = refusalFor(answer, "start");
  return (
    <>
      <PageHeader title="Your account" />
      <div className="flex max-w-3xl flex-col gap-6">
        <Card title="You">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">Name</dt>
            <dd>{me.name}</dd>
            <dt className="text-zinc-600">Email</dt>
            <dd>{me.email}</dd>
            <dt className="text-zinc-600">Role</dt>
            <dd>
              {me.role}: {ROLE_DESCRIPTIONS[me.role]}
            </dd>
            <dt className="text-zinc-600">Last signed in</dt>
            <dd>{me.lastSignInAt ? formatDateTime(me.lastSignInAt) : "-"}</dd>
          </dl>
          <p className="mt-3 text-sm text-zinc-600">An owner changes names and roles under Staff.</p>
        </Card>
        <Card title="Two-factor sign-in">
          {me.twoFactorEnabled ? (
            <>
              <p className="mb-3 text-sm">
                <strong>On.</strong> Signing in asks for your password and a code from your authenticator app.
              </p>
              <ErrorSummary errors={disable?.errors} />
              <Form method="post" className="flex flex-col gap-3" noValidate>
                <Field
                  name="password"
                  label="Your password, to turn it off"
                  type="password"
                  autoComplete="current-password"
                  required
                  errors={disable?.errors}
                />
                <div>
                  <Button kind="danger" name="intent" value="disable">
                    Turn off two-factor sign-in
                  </Button>
                </div>
              </Form>
            </>
          ) : setup ? (
            <>
              <p className="mb-3 text-sm">
                Add the back office to an authenticator app (such as 1Password, Google Authenticator or Aegis), then enter the code it
                shows.
              </p>
              <ol className="mb-4 flex list-decimal flex-col gap-2 pl-5 text-sm">
                <li>
                  <label htmlFor="setup-key">
                    In the app, choose to add an account by hand and type this set-up key (time-based, six digits):
                  </label>
                  <input
                    id="setup-key"
                    readOnly
                    value={setup.secret}
                    autoComplete="off"
                    spellCheck={false}
                    className="mt-1 block w-full rounded-md border border-zinc-500 bg-white px-2 py-2 font-mono text-sm"
                  />
                </li>
                <li>
                  Or scan this code with the app:
                  <div className="mt-2">
                    <QrCode drawing={setup.qr} label="QR code to scan with your authenticator app" />
                  </div>
                </li>
                <li>
                  Or, on the phone with the app, open <a href={setup.otpauthUrl}>this set-up link</a>.
                </li>
              </ol>
              <ErrorSummary errors={confirm?.errors} />
              <Form method="post" className="flex flex-col gap-3" noValidate>
                <input type="hidden" name="secret" value={setup.secret} />
                <input type="hidden" name="otpauthUrl" value={setup.otpauthUrl} />
                <Field
                  name="code"
                  label="Six-digit code from the app"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  required
                  errors={confirm?.errors}
                />
                <div>
                  <Button name="intent" value="confirm">
                    Turn on two-factor sign-in
                  </Button>
                </div>
              </Form>
            </>
          ) : (
            <>
              <p className="mb-3 text-sm">
                <strong>Off.</strong> With it on, signing in asks for a code from an authenticator app as well as your password, so a stolen
                password is not enough.
              </p>
              <ErrorSummary errors={start?.errors} />
              <Form method="post">
                <Button name="intent" value="start">
                  Set up two-factor sign-in
                </Button>
              </Form>
            </>
          )}
        </Card>
      </div>
    </>
  );
}
