import { AdminCustomerPageKeySchema, type AdminCustomerSort } from "@quire/contracts";
import { ADMIN_CUSTOMER_SORTS } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/customers";
import { KeysetNav } from "~/components/keyset-nav";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { ButtonLink, FilterSelect, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { searchOf } from "~/lib/keyset-list";
import { pageKeyOf, sortedListLinks, sortOf } from "~/lib/sorted-list";
import { formatDate } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Customers · Quire back office" }];

const yesNo = (value: string | null): "true" | "false" | undefined => (value === "true" || value === "false" ? value : undefined);

const SORT_LABELS: Record<AdminCustomerSort, string> = { newest: "Newest first", oldest: "Oldest first", email: "Email, A to Z" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = sortOf(url, ADMIN_CUSTOMER_SORTS);
  const key = pageKeyOf(url, sort, ["email"], (text) => AdminCustomerPageKeySchema.safeParse(text));
  const query = {
    limit: 50,
    sort,
    ...key,
    search: searchOf(url),
    trade: yesNo(url.searchParams.get("trade")),
    blocked: yesNo(url.searchParams.get("blocked")),
  };
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminCustomers", { query }));
  const links = sortedListLinks(url, data, key === null);
  return {
    customers: data.customers,
    links: { older: links.next, newest: links.first },
    filters: { q: url.searchParams.get("q") ?? "", trade: query.trade ?? "", blocked: query.blocked ?? "", sort },
  };
}

export default function Customers() {
  const { customers, links, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Customers">
        <ButtonLink href="/customers/companies">Companies</ButtonLink>
        <ButtonLink href="/customers/messages">Contact messages</ButtonLink>
        <ButtonLink href="/customers/consent-records">Consent records</ButtonLink>
        <ButtonLink href="/customers/data-export">Personal data export</ButtonLink>
        <ButtonLink href="/customers/erase">Erase a person's data</ButtonLink>
        <ButtonLink href="/customers/invite">Invite a trade buyer</ButtonLink>
      </PageHeader>
      <Form method="get" role="search" aria-label="Find customers" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Email, name or company" defaultValue={filters.q} />
        <FilterSelect
          name="trade"
          label="Kind"
          defaultValue={filters.trade}
          options={[
            { value: "", label: "Any" },
            { value: "true", label: "Trade buyers" },
            { value: "false", label: "Shoppers" },
          ]}
        />
        <FilterSelect
          name="blocked"
          label="Sign-in"
          defaultValue={filters.blocked}
          options={[
            { value: "", label: "Any" },
            { value: "true", label: "Blocked" },
            { value: "false", label: "Active" },
          ]}
        />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={filters.sort}
          options={ADMIN_CUSTOMER_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <FilterButton>Search</FilterButton>
      </Form>
      {customers.length === 0 ? (
        <p>No customers match.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Customers, {SORT_LABELS[filters.sort].toLowerCase()}</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Customer
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  Company
                </th>
                <th scope="col" className="px-3 py-2">
                  Sign-in
                </th>
                <th scope="col" className="px-3 py-2">
                  Joined
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/customers/${customer.id}`}>{customer.name || customer.email}</Link>
                    {customer.isTrade ? <span className="block font-normal text-zinc-600">Trade buyer</span> : null}
                  </th>
                  <td className="px-3 py-2">{customer.email}</td>
                  <td className="px-3 py-2">{customer.companyName || "-"}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={customer.blocked ? "blocked" : "active"} />
                  </td>
                  <td className="px-3 py-2">{formatDate(customer.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav
        label="Pages of customers"
        links={links}
        newestLabel={filters.sort === "newest" ? "Newest customers" : "First page"}
        olderLabel={filters.sort === "newest" ? "Older customers" : "Next page"}
      />
    </>
  );
}
