import { ADMIN_ORDER_BULK_ACTIONS, MAX_BULK_ORDERS } from "@quire/contracts";
import { ORDER_STATUSES } from "@quire/contracts/constants";
import { Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { BulkActionBar, BulkRefusals, TickAllCell, TickCell } from "~/components/bulk-selection";
import { Button, ButtonLink, PageHeader, StatusBadge, FilterSelect } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { answerTickedAction } from "~/lib/bulk-selection.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { formatDateTime, showMoney } from "~/lib/format";
import { orderFiltersOf, orderSortOf } from "~/lib/order-filters";
import { shopDayBounds } from "~/lib/shop-moments.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Quire back office" }];

/** An order id from the address (a page's key), or nothing. */
const orderIdIn = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const timeZone = context.get(staffContext).shopTimeZone;
  const sort = orderSortOf(url);
  // The page's key: `before` when newest first, `after` when oldest first (the API refuses the other).
  const pageKey = sort === "oldest" ? "after" : "before";
  const key = orderIdIn(url.searchParams.get(pageKey));
  const query = {
    ...orderFiltersOf(url, (day) => shopDayBounds(day, timeZone)?.since ?? null),
    sort,
    limit: 50,
    ...(sort === "oldest" ? { after: key } : { before: key }),
  };
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminOrders", { query }));
  const params = new URLSearchParams(url.searchParams);
  params.delete("before");
  params.delete("after");
  const next = sort === "oldest" ? data.nextAfter : data.nextBefore;
  const nextPage = next ? `?${new URLSearchParams([...params, [pageKey, String(next)]])}` : null;
  const exportParams = new URLSearchParams(params);
  exportParams.delete("sort");
  return {
    orders: data.orders,
    nextPage,
    firstPage: key ? `?${params}` : null,
    exportHref: `/orders/export.csv${exportParams.size ? `?${exportParams}` : ""}`,
    filters: {
      status: url.searchParams.get("status") ?? "",
      q: url.searchParams.get("q") ?? "",
      from: url.searchParams.get("from") ?? "",
      to: url.searchParams.get("to") ?? "",
      sort,
    },
  };
}

const ordersCount = (count: number) => `${count} ${count === 1 ? "order" : "orders"}`;

/**
 * "With the ticked orders": mark them delivered (a shop whose carrier does not report deliveries), in one request
 * that changes each order on its own; the page names any order refused (one not shipped yet) and why.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerTickedAction(request, {
    actions: ADMIN_ORDER_BULK_ACTIONS,
    field: "orderId",
    max: MAX_BULK_ORDERS,
    what: "orders",
    send: async (action, orderIds) => (await context.get(apiContext).call("bulkAdminOrders", { body: { action, orderIds } })).data.results,
    idOf: (result) => result.orderId,
    done: (_action, count) => `${ordersCount(count)} marked delivered`,
  });
}

export default function Orders() {
  const { orders, nextPage, firstPage, exportHref, filters } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A new page (the list after a change, another filter) starts with nothing ticked.
  const { key: pageKey } = useLocation();
  const numberOf = (orderId: number) => orders.find((order) => order.id === orderId)?.publicId ?? `Order ${orderId}`;
  return (
    <>
      <PageHeader title="Orders">
        <ButtonLink href={exportHref} download>
          Export these orders (CSV)
        </ButtonLink>
      </PageHeader>
      <Form method="get" role="search" aria-label="Filter orders" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            Number, email or name
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
          />
        </div>
        <FilterSelect name="status" label="Status" values={ORDER_STATUSES} defaultValue={filters.status} />
        <div className="flex flex-col gap-1">
          <label htmlFor="from" className="text-sm font-medium">
            Placed from
          </label>
          <input
            id="from"
            name="from"
            type="date"
            defaultValue={filters.from}
            className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="to" className="text-sm font-medium">
            Placed to
          </label>
          <input
            id="to"
            name="to"
            type="date"
            defaultValue={filters.to}
            className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
          />
        </div>
        <FilterSelect
          name="sort"
          label="Order"
          options={[
            { value: "newest", label: "Newest first" },
            { value: "oldest", label: "Oldest first" },
          ]}
          defaultValue={filters.sort}
        />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      <BulkRefusals answer={answer} labelOf={numberOf} />
      {orders.length === 0 ? (
        <p>No orders match these filters.</p>
      ) : (
        <Form method="post" key={pageKey} aria-label="Orders on this page">
          <BulkActionBar legend="With the ticked orders:">
            <Button kind="secondary" name="intent" value="deliver">
              Mark delivered
            </Button>
          </BulkActionBar>
          <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{filters.sort === "oldest" ? "Orders, oldest first" : "Orders, newest first"}</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50">
                <tr>
                  <TickAllCell name="orderId" label="Tick every order on this page" />
                  <th scope="col" className="px-3 py-2">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Placed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Customer
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Items
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id} className="border-b border-zinc-100 last:border-0">
                    <TickCell name="orderId" value={order.id} label={`Tick ${order.publicId}`} />
                    <th scope="row" className="px-3 py-2 font-medium">
                      <Link to={`/orders/${order.id}`}>{order.publicId}</Link>
                    </th>
                    <td className="px-3 py-2">{formatDateTime(order.placedAt)}</td>
                    <td className="px-3 py-2">
                      {order.customerName}
                      <span className="block text-zinc-600">{order.email}</span>
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={order.status} />
                    </td>
                    <td className="px-3 py-2 text-right">{order.itemCount}</td>
                    <td className="px-3 py-2 text-right">{showMoney(order.grandTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      )}
      <nav aria-label="Pages of orders" className="mt-4 flex gap-4">
        {firstPage ? <Link to={firstPage}>Newest orders</Link> : null}
        {nextPage ? <Link to={nextPage}>Older orders</Link> : null}
      </nav>
    </>
  );
}
