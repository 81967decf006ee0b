import type { BackOfficeOverview } from "@quire/contracts";
import { type Permission, ROLE_PERMISSIONS } from "@quire/contracts/constants";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { BarChart } from "~/components/bar-chart";
import { Card, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { formatCalendarDate, formatDateTime, showMoney } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Home · Quire back office" }];

/** The figures need the orders permission; a member without it (content) sees the welcome alone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const permissions = ROLE_PERMISSIONS[staff.role];
  if (!permissions.includes("orders")) return { name: staff.name, overview: null, permissions };
  const { data: overview } = await pageRead(request, context.get(apiContext).call("getBackOfficeOverview"));
  return { name: staff.name, overview, permissions };
}

export default function Home() {
  const { name, overview, permissions } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={`Hello, ${name}`} />
      {overview ? <Overview overview={overview} permissions={permissions} /> : <p>Choose a section in the menu to start.</p>}
    </>
  );
}

/** What is waiting, each a link to the list behind it when the member's role may open that list. */
function Overview({ overview, permissions }: { overview: BackOfficeOverview; permissions: readonly Permission[] }) {
  const { toDo } = overview;
  const waiting = (
    [
      { count: toDo.ordersToShip, label: "orders to ship", to: "/orders?status=confirmed", permission: "orders" },
      { count: toDo.returnsToHandle, label: "returns to handle", to: "/returns?status=requested", permission: "returns" },
      { count: toDo.lowStockVariants, label: "variants low on stock", to: "/stock", permission: "stock" },
      { count: toDo.refundsNeedingAttention, label: "refunds to pay back or retry", to: "/refunds?status=owed", permission: "orders" },
      {
        count: toDo.capturesGivenBackLast30Days,
        label: "payments given back (30 days)",
        to: "/refunds?reason=capture_given_back",
        permission: "orders",
      },
      { count: toDo.failedJobsLast7Days, label: "failed background jobs (7 days)", to: "/settings/jobs", permission: "settings" },
    ] as const
  ).map((item) => ({ ...item, to: permissions.includes(item.permission) ? item.to : null }));
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="waiting">
        <h2 id="waiting" className="mb-3 text-lg font-semibold">
          Waiting for you
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {waiting.map((item) => (
            <li key={item.label} className="rounded-lg border border-zinc-200 bg-white p-4">
              <p className="text-3xl font-semibold">{item.count}</p>
              <p className="text-sm">{item.to ? <Link to={item.to}>{item.label}</Link> : item.label}</p>
            </li>
          ))}
        </ul>
      </section>
      {overview.sales.length === 0 ? <p>No sales in the last 30 days.</p> : null}
      {overview.sales.map((currency) => {
        const days = overview.daily.map((day) => {
          const sold = day.currencies.find((entry) => entry.currencyCode === currency.currencyCode);
          return { date: day.date, orders: sold?.orders ?? 0, revenue: sold?.revenue.amount ?? 0 };
        });
        const format = (amount: number) => showMoney({ amount, currencyCode: currency.currencyCode });
        return (
          <Card key={currency.currencyCode} title={`Sales in ${currency.currencyCode}`}>
            <dl className="mb-4 grid grid-cols-3 gap-3 text-sm">
              {(
                [
                  ["Today", currency.today],
                  ["Last 7 days", currency.last7Days],
                  ["Last 30 days", currency.last30Days],
                ] as const
              ).map(([label, figures]) => (
                <div key={label}>
                  <dt className="text-zinc-600">{label}</dt>
                  <dd className="text-xl font-semibold">{showMoney(figures.revenue)}</dd>
                  <dd>
                    {figures.orders} {figures.orders === 1 ? "order" : "orders"}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
              <BarChart
                bars={days.map((day) => ({ label: formatCalendarDate(day.date), value: day.revenue }))}
                summary={`Revenue in ${currency.currencyCode} per day over the last 30 days: ${format(currency.last30Days.revenue.amount)} in all`}
                format={format}
              />
              <div
                className="max-h-64 overflow-y-auto"
                tabIndex={0}
                role="region"
                aria-label={`Revenue in ${currency.currencyCode} per day`}
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Orders and revenue in {currency.currencyCode} per day, newest first</caption>
                  <thead>
                    <tr className="border-b border-zinc-200">
                      <th scope="col" className="py-1">
                        Day
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Orders
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Revenue
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.toReversed().map((day) => (
                      <tr key={day.date} className="border-b border-zinc-100 last:border-0">
                        <th scope="row" className="py-1 font-normal">
                          {formatCalendarDate(day.date)}
                        </th>
                        <td className="py-1 text-right">{day.orders}</td>
                        <td className="py-1 text-right">{format(day.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </Card>
        );
      })}
      <p className="text-sm text-zinc-600">
        Figures as of {formatDateTime(overview.asOf)}; days begin at midnight in the shop&apos;s time zone ({overview.timeZone}). Cancelled
        orders are left out.
      </p>
    </div>
  );
}
