import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-delivery";
import { SettingsNav } from "~/components/settings-fields";
import { Button, Card, ErrorSummary, Field, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { showMoney, words } from "~/lib/format";
import { handleForm, redirectWithMessage } from "~/lib/forms.server";
import { CountryListSchema } from "~/lib/settings-delivery";

export const meta: Route.MetaFunction = () => [{ title: "Delivery · Settings · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminDeliveryZones"));
  // The new zone's form carries its own key: sent twice (a double click, a reload), the API makes one zone.
  return { zones: data.deliveryZones, zoneKey: randomUUID() };
}

const ZoneForm = z.object({
  name: z.string().trim().min(1, "Enter the zone's name").max(100),
  countryCodes: CountryListSchema,
  zoneKey: z.string().uuid(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "create-zone") throw new Response("Unknown action", { status: 400 });
  return handleForm(form, ZoneForm, async ({ name, countryCodes, zoneKey }) => {
    const { data: zone } = await context
      .get(apiContext)
      .call("createAdminDeliveryZone", { headers: { "idempotency-key": zoneKey }, body: { name, countryCodes } });
    return redirectWithMessage(request, `/settings/delivery/${zone.id}`, `Delivery zone ${zone.name} created. Add its delivery options.`);
  });
}

export default function SettingsDelivery() {
  const { zones, zoneKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Delivery" />
      <SettingsNav />
      <div className="flex max-w-4xl flex-col gap-6">
        {zones.length === 0 ? (
          <p>No delivery zones yet: the checkout offers no delivery until a zone serves the shopper's country.</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Delivery zones</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Zone
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Countries
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Options
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) => (
                  <tr key={zone.id} className="border-b border-zinc-100 align-top last:border-0">
                    <th scope="row" className="px-3 py-2 font-medium">
                      <Link to={`/settings/delivery/${zone.id}`}>{zone.name}</Link>
                    </th>
                    <td className="px-3 py-2">{zone.countryCodes.join(", ")}</td>
                    <td className="px-3 py-2">
                      {zone.options.length === 0 ? (
                        "None yet"
                      ) : (
                        <ul>
                          {zone.options.map((option) => (
                            <li key={option.id}>
                              {option.name} ({words(option.kind)}): {option.prices.map((price) => showMoney(price)).join(", ")}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Card title="Add a delivery zone">
          <ErrorSummary errors={refusal?.errors} />
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <input type="hidden" name="zoneKey" value={zoneKey} />
            <Field
              name="name"
              label="Zone name"
              hint="Such as Europe"
              maxLength={100}
              required
              defaultValue={refusal?.values.name}
              errors={refusal?.errors}
            />
            <Field
              name="countryCodes"
              label="Countries"
              hint="Two-letter codes separated by commas, such as FR, DE, NL. A country belongs to one zone at most."
              required
              defaultValue={refusal?.values.countryCodes}
              errors={refusal?.errors}
            />
            <div>
              <Button name="intent" value="create-zone">
                Add the zone
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  );
}
