import { AdminCompanyPageKeySchema, type AdminCompanySort } from "@quire/contracts";
import { ADMIN_COMPANY_SORTS } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/companies";
import { KeysetNav } from "~/components/keyset-nav";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { ButtonLink, FilterSelect, PageHeader } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { searchOf } from "~/lib/keyset-list";
import { pageKeyOf, sortedListLinks, sortOf } from "~/lib/sorted-list";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Companies · Quire back office" }];

const SORT_LABELS: Record<AdminCompanySort, string> = { newest: "Newest first", oldest: "Oldest first", name: "Name, A to Z" };

/** The trade buyers' companies (permission `customers`): found by name, newest first or as asked, in keyset pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = sortOf(url, ADMIN_COMPANY_SORTS);
  const key = pageKeyOf(url, sort, ["name"], (text) => AdminCompanyPageKeySchema.safeParse(text));
  const query = { limit: 50, sort, ...key, search: searchOf(url) };
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminCompanies", { query }));
  const links = sortedListLinks(url, data, key === null);
  return { companies: data.companies, links: { older: links.next, newest: links.first }, q: url.searchParams.get("q") ?? "", sort };
}

export default function Companies() {
  const { companies, links, q, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers">Back to customers</Link>
      </p>
      <PageHeader title="Companies">
        <ButtonLink href="/customers/invite">Invite a trade buyer</ButtonLink>
      </PageHeader>
      <p className="mb-4 max-w-prose text-sm text-zinc-700">
        A company is made when a trade buyer is invited for it; its buyers share its addresses at checkout.
      </p>
      <Form method="get" role="search" aria-label="Find companies" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Company name" defaultValue={q} />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={sort}
          options={ADMIN_COMPANY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <FilterButton>Search</FilterButton>
      </Form>
      {companies.length === 0 ? (
        <p>{q ? "No companies match." : "No companies yet: invite a trade buyer to make one."}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Companies, {SORT_LABELS[sort].toLowerCase()}</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Company
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Buyers
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Addresses
                </th>
                <th scope="col" className="px-3 py-2">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={company.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/customers/companies/${company.id}`}>{company.name}</Link>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{company.buyerCount}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{company.addressCount}</td>
                  <td className="px-3 py-2">{formatDate(company.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav
        label="Pages of companies"
        links={links}
        newestLabel={sort === "newest" ? "Newest companies" : "First page"}
        olderLabel={sort === "newest" ? "Older companies" : "Next page"}
      />
    </>
  );
}
