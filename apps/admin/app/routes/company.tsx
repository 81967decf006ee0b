import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/company";
import { AddressList } from "~/components/address-list";
import { Card, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { idParamOf } from "~/lib/route-params.server";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.company.name ?? "Company"} · Quire back office` }];

/** A trade company (permission `customers`): its buyers and the addresses they share. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: company } = await pageRead(
    request,
    context.get(apiContext).call("getAdminCompany", { params: { id: idParamOf(params.id) } }),
  );
  return { company };
}

export default function CompanyPage() {
  const { company } = useLoaderData<typeof loader>();
  const unlisted = company.buyerCount - company.buyers.length;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers/companies">Back to companies</Link>
      </p>
      <PageHeader title={company.name} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Card title={`Buyers (${company.buyerCount})`}>
          {company.buyers.length === 0 ? (
            <p className="text-sm">No buyers buy for it now.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Its buyers, newest first</caption>
              <thead>
                <tr className="border-b border-zinc-200">
                  <th scope="col" className="py-2">
                    Buyer
                  </th>
                  <th scope="col" className="py-2">
                    Email
                  </th>
                  <th scope="col" className="py-2">
                    Sign-in
                  </th>
                  <th scope="col" className="py-2">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {company.buyers.map((buyer) => (
                  <tr key={buyer.id} className="border-b border-zinc-100 last:border-0">
                    <th scope="row" className="py-2 font-medium">
                      <Link to={`/customers/${buyer.id}`}>{buyer.name || buyer.email}</Link>
                    </th>
                    <td className="py-2">{buyer.email}</td>
                    <td className="py-2">
                      <StatusBadge status={buyer.blocked ? "blocked" : "active"} />
                    </td>
                    <td className="py-2">{formatDate(buyer.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {unlisted > 0 ? (
            <p className="mt-2 text-sm">
              The newest {company.buyers.length} are listed;{" "}
              <Link to={`/customers?q=${encodeURIComponent(company.name)}&trade=true`}>find the other {unlisted} among the customers</Link>.
            </p>
          ) : null}
        </Card>
        <Card title={`Shared addresses (${company.addressCount})`}>
          <AddressList addresses={company.addresses} label="The company's addresses" empty="Its buyers have saved no address for it yet." />
          <p className="mt-3 text-sm text-zinc-700">Since {formatDate(company.createdAt)}.</p>
        </Card>
      </div>
    </>
  );
}
