import { loadBlogNavigation, loadPostsPage } from "~/features/blog/blog.server";
import { BlogListing } from "~/features/blog/blog-components";
import { BLOG_HOME } from "~/features/blog/blog-paths";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import type { Route } from "./+types/blog-list";
import { t } from "~/lib/i18n/messages/blog";

/** /blog/list: every published post, newest first, twelve a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [posts, navigation] = await Promise.all([loadPostsPage(api, request, {}), loadBlogNavigation(api)]);
  return { posts, navigation };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.posts.pageNumber ?? 1;
  return [
    { title: pageTitle(page > 1 ? t("blog.page_title", { name: t("blog.title"), page }) : t("blog.title"), matches) },
    { name: "description", content: t("blog.list.description") },
  ];
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return (
    <BlogListing
      crumbs={[{ label: t("blog.home"), href: "/" }, { label: t("blog.title") }]}
      title={t("blog.list.title")}
      intro={t("blog.list.intro")}
      path={BLOG_HOME}
      posts={loaderData.posts}
      navigation={loaderData.navigation}
    />
  );
}
