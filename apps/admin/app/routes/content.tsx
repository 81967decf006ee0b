import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { ContentNav } from "~/components/content-nav";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { KeysetNav } from "~/components/keyset-nav";
import { ButtonLink, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { beforeOf, keysetLinks, searchOf } from "~/lib/keyset-list";
import { formatDateTime } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Pages · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminPages", { query: { limit: 50, before: beforeOf(url), search: searchOf(url) } }),
  );
  return { pages: data.pages, links: keysetLinks(url, data.nextBefore), q: url.searchParams.get("q") ?? "" };
}

export default function ContentPages() {
  const { pages, links, q } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Content">
        <ButtonLink href="/content/pages/new">New page</ButtonLink>
      </PageHeader>
      <ContentNav />
      <Form method="get" role="search" aria-label="Find pages" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Path or title" defaultValue={q} />
        <FilterButton>Search</FilterButton>
      </Form>
      {pages.length === 0 ? (
        <p>No pages match.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The shop's pages, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Title
                </th>
                <th scope="col" className="px-3 py-2">
                  Path
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2">
                  Changed
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/content/pages/${page.id}`}>{page.title}</Link>
                  </th>
                  <td className="px-3 py-2 font-mono">{page.url}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={page.isPublished ? "published" : "draft"} />
                  </td>
                  <td className="px-3 py-2">{formatDateTime(page.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav label="Pages of the list" links={links} newestLabel="Newest pages" olderLabel="Older pages" />
    </>
  );
}
