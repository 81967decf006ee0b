import type { AdminWithdrawalSort } from "@quire/contracts";
import { ADMIN_WITHDRAWAL_SORTS, WITHDRAWAL_STATUSES } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/withdrawals";
import { PageHeader, StatusBadge, FilterSelect } from "~/components/ui";
import { Pager, pageNumberOf } from "~/components/pager";
import { pageRead } from "~/lib/auth.server";
import { sortOf } from "~/lib/sorted-list";
import { apiContext } from "~/lib/context.server";
import { formatDate, formatDateTime, showMoney, words } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Withdrawals · Quire back office" }];

const SORT_LABELS: Record<AdminWithdrawalSort, string> = { due: "Refund due soonest", newest: "Newest first" };

/** Buyers' withdrawals from their orders (decision 061), the refund due soonest first: the order to handle them in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = WITHDRAWAL_STATUSES.find((known) => known === url.searchParams.get("status"));
  const sort = sortOf(url, ADMIN_WITHDRAWAL_SORTS);
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminWithdrawals", { query: { status, sort, PageNumber: pageNumberOf(url), PageSize: 50 } }),
  );
  return { withdrawals: data, status: status ?? "", sort, search: url.search };
}

export default function Withdrawals() {
  const { withdrawals, status, sort, search } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Withdrawals" />
      <p className="mb-4 max-w-3xl text-sm text-zinc-700">
        Buyers who withdrew from their orders. The law gives you 14 days from each withdrawal to refund it; you may wait until the items are
        back.
      </p>
      <Form method="get" aria-label="Filter withdrawals" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect name="status" label="Status" values={WITHDRAWAL_STATUSES} defaultValue={status} />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={sort}
          options={ADMIN_WITHDRAWAL_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      {withdrawals.results.length === 0 ? (
        <p>No withdrawals{status ? ` are ${words(status)}` : " yet"}.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Withdrawals, {SORT_LABELS[sort].toLowerCase()}</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Withdrawal
                </th>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Received
                </th>
                <th scope="col" className="px-3 py-2">
                  Buyer
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Refund due by
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody>
              {withdrawals.results.map((item) => (
                <tr key={item.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/withdrawals/${item.id}`}>{item.publicId}</Link>
                  </th>
                  <td className="px-3 py-2">
                    <Link to={`/orders/${item.orderId}`}>{item.orderNumber}</Link>
                    {item.wholeOrder ? <span className="block text-zinc-600">Whole order</span> : null}
                  </td>
                  <td className="px-3 py-2">{formatDateTime(item.declaredAt)}</td>
                  <td className="px-3 py-2">{item.email}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="px-3 py-2">
                    {formatDate(item.refundDueBy)}
                    {item.overdue ? <strong className="block text-red-800">Overdue</strong> : null}
                  </td>
                  <td className="px-3 py-2 text-right">{showMoney(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager search={search} pageNumber={withdrawals.pageNumber} totalPages={withdrawals.totalPages} label="Pages of withdrawals" />
    </>
  );
}
