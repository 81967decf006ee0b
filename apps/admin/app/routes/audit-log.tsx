import { operations } from "@quire/contracts";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/audit-log";
import { InlineField, InlineSelect } from "~/components/settings-fields";
import { PageHeader } from "~/components/ui";
import { auditLogFiltersOf, auditLogQueryOf, auditValue } from "~/lib/audit-log-filters";
import { shopDayBounds } from "~/lib/shop-moments.server";
import { pageRead } from "~/lib/auth.server";
import { apiContext, staffContext } from "~/lib/context.server";
import { formatDateTime, shopTimeZoneName, words } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = auditLogFiltersOf(url);
  const api = context.get(apiContext);
  const [{ data: log }, { data: staff }, { data: tokens }] = await pageRead(
    request,
    Promise.all([
      api.call("listAuditLog", {
        query: {
          ...auditLogQueryOf(filters, url.searchParams.get("before"), (day) => shopDayBounds(day, context.get(staffContext).shopTimeZone)),
          limit: 50,
        },
      }),
      api.call("listStaff"),
      api.call("listApiTokens"),
    ]),
  );
  const params = new URLSearchParams(url.searchParams);
  params.delete("before");
  // Every admin operation that writes, by its operationId: what the log records.
  const writes = Object.entries(operations)
    .filter(([, operation]) => operation.path.startsWith("/admin") && operation.method !== "GET")
    .map(([id]) => id)
    .sort();
  return {
    entries: log.entries,
    filters,
    nextPage: log.nextBefore ? `?${new URLSearchParams([...params, ["before", String(log.nextBefore)]])}` : null,
    firstPage: url.searchParams.has("before") ? `?${params}` : null,
    actors: [
      { value: "", label: "Anyone" },
      ...staff.map((member) => ({ value: `staff:${member.id}`, label: `${member.name} (${member.email})` })),
      ...tokens.map((token) => ({ value: `api_token:${token.id}`, label: `Token ${token.name} (${token.prefix}…)` })),
      { value: "admin_key", label: "A bootstrap admin key" },
    ],
    operations: [{ value: "", label: "Any" }, ...writes.map((id) => ({ value: id, label: id }))],
  };
}

export default function AuditLog() {
  const { entries, filters, nextPage, firstPage, actors, operations: operationOptions } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Audit log" />
      <p className="mb-4 max-w-3xl text-sm">
        Every change made through the admin API, newest first: who made it, what it changed, and from where. Secrets are never recorded.
      </p>
      <Form method="get" role="search" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-end gap-3">
        <InlineSelect id="actor" name="actor" label="Who" options={actors} defaultValue={filters.actor} />
        <InlineSelect id="operation" name="operation" label="Operation" options={operationOptions} defaultValue={filters.operation} />
        <InlineField
          id="resourceType"
          name="resourceType"
          label="Resource"
          hint="Such as order"
          maxLength={50}
          size={12}
          defaultValue={filters.resourceType}
        />
        <InlineField
          id="resourceId"
          name="resourceId"
          label="Resource id"
          hint="Such as 42"
          maxLength={100}
          size={10}
          defaultValue={filters.resourceId}
        />
        <InlineField id="from" name="from" type="date" label="From" hint={`Day, in ${shopTimeZoneName()}`} defaultValue={filters.from} />
        <InlineField id="to" name="to" type="date" label="To" hint={`Day, in ${shopTimeZoneName()}`} defaultValue={filters.to} />
        <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? (
        <p>No changes match these filters.</p>
      ) : (
        // A keyboard can scroll a table wider than a phone: the box takes focus, named for what it holds.
        <div
          className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white"
          tabIndex={0}
          role="region"
          aria-label="Changes, newest first"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2">
                  Who
                </th>
                <th scope="col" className="px-3 py-2">
                  Operation
                </th>
                <th scope="col" className="px-3 py-2">
                  Resource
                </th>
                <th scope="col" className="px-3 py-2">
                  Changes
                </th>
                <th scope="col" className="px-3 py-2">
                  From
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const changes = Object.entries(entry.changes ?? {});
                return (
                  <tr key={entry.id} className="border-b border-zinc-100 align-top last:border-0">
                    <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                      {formatDateTime(entry.at)}
                    </th>
                    <td className="px-3 py-2">
                      {entry.actor.label}
                      <span className="block text-zinc-600">
                        {entry.actor.type === "staff" ? "member of staff" : entry.actor.type === "api_token" ? "API token" : "admin key"}
                      </span>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">{entry.operation}</td>
                    <td className="px-3 py-2">
                      {words(entry.resourceType)}
                      {entry.resourceId ? ` ${entry.resourceId}` : ""}
                    </td>
                    <td className="px-3 py-2">
                      {changes.length === 0 ? (
                        <span className="text-zinc-600">Not itemised</span>
                      ) : (
                        <table className="text-left text-xs">
                          <caption className="sr-only">
                            Changes of {entry.operation} at {formatDateTime(entry.at)}
                          </caption>
                          <thead>
                            <tr>
                              <th scope="col" className="pr-3">
                                Field
                              </th>
                              <th scope="col" className="pr-3">
                                Before
                              </th>
                              <th scope="col">After</th>
                            </tr>
                          </thead>
                          <tbody>
                            {changes.map(([field, change]) => (
                              <tr key={field}>
                                <th scope="row" className="pr-3 font-medium">
                                  {field}
                                </th>
                                <td className="max-w-48 pr-3 break-words">{auditValue(change.before)}</td>
                                <td className="max-w-48 break-words">{auditValue(change.after)}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      )}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      {entry.clientIp}
                      <span className="block font-mono text-zinc-600">{entry.requestId}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of the audit log" className="mt-4 flex gap-4">
        {firstPage ? <Link to={firstPage}>Newest changes</Link> : null}
        {nextPage ? <Link to={nextPage}>Older changes</Link> : null}
      </nav>
    </>
  );
}
