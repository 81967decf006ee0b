import { PaymentProviderIdSchema } from "@quire/contracts";
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-payments";
import { SettingsNav } from "~/components/settings-fields";
import { Button, PageHeader, RowRefusal } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { refusalFor } from "~/lib/settings-refusal";

export const meta: Route.MetaFunction = () => [{ title: "Payments · Settings · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminPaymentProviders"));
  return { providers: data.paymentProviders };
}

const SwitchForm = z.object({ id: PaymentProviderIdSchema, enabled: z.enum(["true", "false"]).transform((value) => value === "true") });

/** Turns a provider on or off; the API keeps one way for everyone to pay (409 `last_payment_provider`). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "switch") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, SwitchForm, async ({ id, enabled }) => {
    const { data: provider } = await context.get(apiContext).call("updateAdminPaymentProvider", { params: { id }, body: { enabled } });
    return redirectWithMessage(request, "/settings/payments", `${provider.name} is ${provider.enabled ? "on" : "off"}.`);
  });
}

export default function SettingsPayments() {
  const { providers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Payment providers" />
      <SettingsNav />
      <p className="mb-4 max-w-3xl text-sm">
        The checkout offers a provider that is on and set up. A payment gateway is set up by its keys in the API's configuration, which the
        back office never shows; pay on account is offered only to trade customers with credit.
      </p>
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Payment providers</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Provider
              </th>
              <th scope="col" className="px-3 py-2">
                Set up
              </th>
              <th scope="col" className="px-3 py-2">
                Offered at checkout
              </th>
              <th scope="col" className="px-3 py-2">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {providers.map((provider) => {
              const refusal = refusalFor(answer, "switch", provider.id);
              return (
                <tr key={provider.id} className="border-b border-zinc-100 align-top last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {provider.name}
                  </th>
                  <td className="px-3 py-2">{provider.configured ? "Yes" : "No: its keys are not set"}</td>
                  <td className="px-3 py-2">{provider.enabled ? (provider.configured ? "On" : "On, but not set up") : "Off"}</td>
                  <td className="px-3 py-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={provider.id} />
                      <input type="hidden" name="enabled" value={provider.enabled ? "false" : "true"} />
                      <Button kind="secondary" name="intent" value="switch">
                        {provider.enabled ? `Turn off ${provider.name}` : `Turn on ${provider.name}`}
                      </Button>
                    </Form>
                    <RowRefusal refusal={refusal} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
