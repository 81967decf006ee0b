import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/discount-uses";
import { KeysetNav } from "~/components/keyset-nav";
import { PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { beforeOf, keysetLinks } from "~/lib/keyset-list";
import { formatDateTime, showMoney } from "~/lib/format";
import { idParamOf } from "~/lib/route-params.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Uses of ${data?.code.code ?? ""} · Quire back office` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idParamOf(params.id);
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const [{ data: code }, { data }] = await pageRead(
    request,
    Promise.all([
      api.call("getAdminDiscountCode", { params: { id } }),
      api.call("listDiscountCodeUses", { params: { id }, query: { limit: 50, before: beforeOf(url) } }),
    ]),
  );
  return { code, uses: data.uses, links: keysetLinks(url, data.nextBefore) };
}

export default function DiscountCodeUses() {
  const { code, uses, links } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/discounts/${code.id}`}>Back to {code.code}</Link>
      </p>
      <PageHeader title={`Orders that used ${code.code}`} />
      {uses.length === 0 ? (
        <p>No order has used this code yet.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders that used {code.code}, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
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
                  Discount
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.orderId} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/orders/${use.orderId}`}>{use.orderNumber}</Link>
                  </th>
                  <td className="px-3 py-2">{formatDateTime(use.placedAt)}</td>
                  <td className="px-3 py-2">
                    {use.customerId ? <Link to={`/customers/${use.customerId}`}>{use.email}</Link> : <>{use.email} (guest)</>}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={use.status} />
                  </td>
                  <td className="px-3 py-2 text-right">
                    {use.discountAmount === 0 && code.kind === "free_delivery"
                      ? "Free delivery"
                      : showMoney({ amount: use.discountAmount, currencyCode: use.currencyCode })}
                  </td>
                  <td className="px-3 py-2 text-right">{showMoney({ amount: use.grandTotal, currencyCode: use.currencyCode })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav label="Pages of orders" links={links} newestLabel="Newest orders" olderLabel="Older orders" />
    </>
  );
}
