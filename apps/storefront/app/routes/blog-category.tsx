import { SlugSchema } from "@quire/contracts";
import { z } from "zod";
import { loadBlogNavigation, loadPostsPage } from "~/features/blog/blog.server";
import { BlogListing } from "~/features/blog/blog-components";
import { BLOG_HOME, blogCategoryHref } from "~/features/blog/blog-paths";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/blog-category";
import { t } from "~/lib/i18n/messages/blog";

const ParamsSchema = z.object({ category: SlugSchema });

/** /blog/category/:category: a category's posts (GET /blog-categories/by-slug, then its posts). Unknown: 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { category: slug } = requireValidParams(ParamsSchema, params, request);
  const api = context.get(apiContext);
  const [category, posts, navigation] = await Promise.all([
    requireApiFound(
      api.call("getBlogCategoryBySlug", { query: { slug } }).then(({ data }) => data),
      request,
    ),
    loadPostsPage(api, request, { CategorySlug: slug }),
    loadBlogNavigation(api),
  ]);
  return { category, posts, navigation };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(t("blog.title"), matches) }];
  const { category, posts } = loaderData;
  return [
    {
      title: pageTitle(
        posts.pageNumber > 1 ? t("blog.page_title", { name: category.name, page: posts.pageNumber }) : category.name,
        matches,
      ),
    },
    { name: "description", content: category.description || t("blog.category.description", { name: category.name.toLowerCase() }) },
  ];
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, posts, navigation } = loaderData;
  return (
    <BlogListing
      crumbs={[{ label: t("blog.home"), href: "/" }, { label: t("blog.title"), href: BLOG_HOME }, { label: category.name }]}
      title={category.name}
      intro={category.description}
      path={blogCategoryHref(category.slug)}
      posts={posts}
      navigation={navigation}
      current={{ category: category.slug }}
    />
  );
}
