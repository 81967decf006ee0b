import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/settings";
import { Card, PageHeader } from "~/components/ui";
import { SettingsNav } from "~/components/settings-fields";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { showMoney } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Quire back office" }];

/** The shop's settings at a glance, each part linking to the page that changes it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: settings }, { data: delivery }, { data: payments }] = await pageRead(
    request,
    Promise.all([api.call("getAdminStoreSettings"), api.call("listAdminDeliveryZones"), api.call("listAdminPaymentProviders")]),
  );
  return {
    settings,
    zoneCount: delivery.deliveryZones.length,
    optionCount: delivery.deliveryZones.reduce((sum, zone) => sum + zone.options.length, 0),
    paymentsOffered: payments.paymentProviders
      .filter((provider) => provider.enabled && provider.configured)
      .map((provider) => provider.name),
  };
}

export default function Settings() {
  const { settings, zoneCount, optionCount, paymentsOffered } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Settings" />
      <SettingsNav />
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Shop details">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">Name</dt>
            <dd>{settings.name}</dd>
            <dt className="text-zinc-600">Currencies</dt>
            <dd>
              {settings.currencyCodes.join(", ")} (default {settings.defaultCurrencyCode})
            </dd>
            <dt className="text-zinc-600">Countries</dt>
            <dd>
              {settings.countryCodes.length} (default {settings.defaultCountryCode})
            </dd>
            <dt className="text-zinc-600">Minimum order</dt>
            <dd>
              {settings.minimumOrderPrices.length === 0 ? "None" : settings.minimumOrderPrices.map((price) => showMoney(price)).join(", ")}
            </dd>
          </dl>
          <p className="mt-3 text-sm">
            <Link to="/settings/shop">Change the shop's details</Link>
          </p>
        </Card>
        <Card title="Delivery">
          <p className="text-sm">
            {zoneCount} {zoneCount === 1 ? "zone" : "zones"} with {optionCount} delivery {optionCount === 1 ? "option" : "options"}.
          </p>
          <p className="mt-3 text-sm">
            <Link to="/settings/delivery">Delivery zones and rates</Link>
          </p>
        </Card>
        <Card title="Tax">
          <p className="text-sm">Rates per country and tax class, and whether each currency's prices include tax.</p>
          <p className="mt-3 text-sm">
            <Link to="/settings/tax">Tax rates</Link>
          </p>
        </Card>
        <Card title="Payments">
          <p className="text-sm">Offered at checkout: {paymentsOffered.length ? paymentsOffered.join(", ") : "none"}.</p>
          <p className="mt-3 text-sm">
            <Link to="/settings/payments">Payment providers</Link>
          </p>
        </Card>
        <Card title="Background jobs">
          <p className="text-sm">Mails, payments and other work the shop does in the background that failed every retry.</p>
          <p className="mt-3 text-sm">
            <Link to="/settings/jobs">Failed jobs</Link>
          </p>
        </Card>
      </div>
    </>
  );
}
