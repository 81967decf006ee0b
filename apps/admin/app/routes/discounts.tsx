import { AdminDiscountCodePageKeySchema, type AdminDiscountCodeSort } from "@quire/contracts";
import { ADMIN_DISCOUNT_CODE_SORTS } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/discounts";
import { KeysetNav } from "~/components/keyset-nav";
import { whatItGives } from "~/components/discounts-form";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { ButtonLink, FilterSelect, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { searchOf } from "~/lib/keyset-list";
import { pageKeyOf, sortedListLinks, sortOf } from "~/lib/sorted-list";
import { formatDateTime } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Discount codes · Quire back office" }];

const SORT_LABELS: Record<AdminDiscountCodeSort, string> = { newest: "Newest first", oldest: "Oldest first", code: "Code, A to Z" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const active = url.searchParams.get("active");
  const sort = sortOf(url, ADMIN_DISCOUNT_CODE_SORTS);
  const key = pageKeyOf(url, sort, ["code"], (text) => AdminDiscountCodePageKeySchema.safeParse(text));
  const query = {
    limit: 50,
    sort,
    ...key,
    search: searchOf(url, "q", 50),
    active: active === "true" || active === "false" ? active : undefined,
  } as const;
  const { data } = await pageRead(request, context.get(apiContext).call("listAdminDiscountCodes", { query }));
  const links = sortedListLinks(url, data, key === null);
  return {
    codes: data.discountCodes,
    links: { older: links.next, newest: links.first },
    filters: { q: url.searchParams.get("q") ?? "", active: query.active ?? "", sort },
  };
}

/** A code's dates in words: "Always", "From …", "Until …", "… to …". */
function whenItRuns(startsAt: string | null, endsAt: string | null): string {
  if (startsAt && endsAt) return `${formatDateTime(startsAt)} to ${formatDateTime(endsAt)}`;
  if (startsAt) return `From ${formatDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatDateTime(endsAt)}`;
  return "Always";
}

export default function DiscountCodes() {
  const { codes, links, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Discount codes">
        <ButtonLink href="/discounts/new">New discount code</ButtonLink>
      </PageHeader>
      <Form method="get" role="search" aria-label="Filter discount codes" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Code" defaultValue={filters.q} maxLength={50} />
        <FilterSelect
          name="active"
          label="State"
          defaultValue={filters.active}
          options={[
            { value: "", label: "Any" },
            { value: "true", label: "Active" },
            { value: "false", label: "Stopped" },
          ]}
        />
        <FilterSelect
          name="sort"
          label="Order"
          defaultValue={filters.sort}
          options={ADMIN_DISCOUNT_CODE_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <FilterButton />
      </Form>
      {codes.length === 0 ? (
        <p>No discount codes match.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Discount codes, {SORT_LABELS[filters.sort].toLowerCase()}</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Code
                </th>
                <th scope="col" className="px-3 py-2">
                  Gives
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2">
                  Runs
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Used
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/discounts/${code.id}`}>{code.code}</Link>
                    {code.description ? <span className="block font-normal text-zinc-600">{code.description}</span> : null}
                  </th>
                  <td className="px-3 py-2">{whatItGives(code)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={code.isActive ? "active" : "stopped"} />
                  </td>
                  <td className="px-3 py-2">{whenItRuns(code.startsAt, code.endsAt)}</td>
                  <td className="px-3 py-2 text-right">
                    {code.timesUsed}
                    {code.usageLimit !== null ? ` of ${code.usageLimit}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav
        label="Pages of discount codes"
        links={links}
        newestLabel={filters.sort === "newest" ? "Newest codes" : "First page"}
        olderLabel={filters.sort === "newest" ? "Older codes" : "Next page"}
      />
    </>
  );
}
