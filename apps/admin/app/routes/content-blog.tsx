import { BLOG_POST_STATUSES } from "@quire/contracts/constants";
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content-blog";
import { ContentNav } from "~/components/content-nav";
import { FilterButton, SearchInput } from "~/components/form-fields";
import { KeysetNav } from "~/components/keyset-nav";
import { ButtonLink, FilterSelect, PageHeader, StatusBadge } from "~/components/ui";
import { pageRead } from "~/lib/auth.server";
import { apiContext } from "~/lib/context.server";
import { beforeOf, keysetLinks, searchOf } from "~/lib/keyset-list";
import { formatDateTime } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Blog posts · Content · Quire back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = BLOG_POST_STATUSES.find((known) => known === url.searchParams.get("status"));
  const { data } = await pageRead(
    request,
    context.get(apiContext).call("listAdminBlogPosts", { query: { limit: 50, before: beforeOf(url), search: searchOf(url), status } }),
  );
  return {
    posts: data.posts,
    links: keysetLinks(url, data.nextBefore),
    filters: { q: url.searchParams.get("q") ?? "", status: status ?? "" },
  };
}

export default function BlogPosts() {
  const { posts, links, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Content">
        <ButtonLink href="/content/blog/new">New blog post</ButtonLink>
      </PageHeader>
      <ContentNav />
      <Form method="get" role="search" aria-label="Find blog posts" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Title" defaultValue={filters.q} />
        <FilterSelect
          name="status"
          label="State"
          defaultValue={filters.status}
          options={[{ value: "", label: "Any" }, ...BLOG_POST_STATUSES.map((value) => ({ value, label: value }))]}
        />
        <FilterButton />
      </Form>
      {posts.length === 0 ? (
        <p>No posts match.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Blog posts, newest first</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Title
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2">
                  Goes live
                </th>
                <th scope="col" className="px-3 py-2">
                  Categories
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/content/blog/${post.id}`}>{post.title}</Link>
                    <span className="block font-normal text-zinc-600">by {post.author}</span>
                  </th>
                  <td className="px-3 py-2">
                    <StatusBadge status={post.status === "published" ? "published" : post.status} />
                  </td>
                  <td className="px-3 py-2">{formatDateTime(post.publishedAt)}</td>
                  <td className="px-3 py-2">{post.categories.map((category) => category.name).join(", ") || "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetNav label="Pages of posts" links={links} newestLabel="Newest posts" olderLabel="Older posts" />
    </>
  );
}
