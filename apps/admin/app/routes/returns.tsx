import type { AdminReturnSort } from "@quire/contracts";
import { ADMIN_RETURN_SORTS, RETURN_STATUSES } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/returns";
import { PageHeader, StatusBadge, FilterSelect } from "~/components/ui";
import { Pager, pageNumberOf } from "~/components/pager";
import { pageRead } from "~/lib/auth.server";
import { sortOf } from "~/lib/sorted-list";
import { apiContext } from "~/lib/context.server";
import { formatDateTime, showMoney, words } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Returns · Quire back office" }];

const SORT_LABELS: Record<AdminReturnSort, string> = { newest: "Newest first", oldest: "Oldest first" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = RETURN_STATUSES.find((known) => known === url.searchParams.get("status"));
  const sort = sortOf(url, ADMIN_RETURN_SORTS);
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminReturns", { query: { status, sort, PageNumber: pageNumberOf(url), PageSize: 50 } }),
  );
  return { returns: data, status: status ?? "", sort, search: url.search };
}

export default function Returns() {
  const { returns, status, sort, search } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Returns" />
      <Form method="get" aria-label="Filter returns" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect name="status" label="Status" values={RETURN_STATUSES} defaultValue={status} />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={sort}
          options={ADMIN_RETURN_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      {returns.results.length === 0 ? (
        <p>No returns{status ? ` are ${words(status)}` : " yet"}.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Returns, {SORT_LABELS[sort].toLowerCase()}</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Return
                </th>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Asked
                </th>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Worth
                </th>
              </tr>
            </thead>
            <tbody>
              {returns.results.map((item) => (
                <tr key={item.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/returns/${item.id}`}>{item.publicId}</Link>
                  </th>
                  <td className="px-3 py-2">
                    <Link to={`/orders/${item.orderId}`}>{item.orderPublicId}</Link>
                  </td>
                  <td className="px-3 py-2">{formatDateTime(item.createdAt)}</td>
                  <td className="px-3 py-2">{item.email}</td>
                  <td className="px-3 py-2">
                    {words(item.reason)}, wants {words(item.resolution)}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={item.status} />
                  </td>
                  <td className="px-3 py-2 text-right">{showMoney(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager search={search} pageNumber={returns.pageNumber} totalPages={returns.totalPages} label="Pages of returns" />
    </>
  );
}
