import { loadBlogNavigation, loadPostsPage } from "~/features/blog/blog.server";
import { BlogListing } from "~/features/blog/blog-components";
import { BLOG_HOME } from "~/features/blog/blog-paths";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import type { Route } from "./+types/blog-list";

/** /blog/list: every published post, newest first, twelve a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [posts, navigation] = await Promise.all([loadPostsPage(api, request, {}), loadBlogNavigation(api)]);
  return { posts, navigation };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.posts.pageNumber ?? 1;
  return [
    { title: pageTitle(page > 1 ? `Blog, page ${page}` : "Blog", matches) },
    { name: "description", content: "Gift guides, reading lists and news from the booksellers of our shop." },
  ];
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return (
    <BlogListing
      crumbs={[{ label: "Home", href: "/" }, { label: "Blog" }]}
      title="From the shop"
      intro="Gift guides, reading lists, how we wrap and who we are: notes from our booksellers."
      path={BLOG_HOME}
      posts={loaderData.posts}
      navigation={loaderData.navigation}
    />
  );
}
