import { SlugSchema } from "@quire/contracts";
import { z } from "zod";
import { loadBlogNavigation, loadPostsPage } from "~/features/blog/blog.server";
import { BlogListing } from "~/features/blog/blog-components";
import { BLOG_HOME, blogTagHref } from "~/features/blog/blog-paths";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { requireFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/blog-tag";
import { t } from "~/lib/i18n/messages/blog";

const ParamsSchema = z.object({ tag: SlugSchema });

/** /blog/tag/:tag: the posts with a tag. A tag no published post carries names no page: 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { tag: slug } = requireValidParams(ParamsSchema, params, request);
  const api = context.get(apiContext);
  const [posts, navigation] = await Promise.all([loadPostsPage(api, request, { Tag: slug }), loadBlogNavigation(api)]);
  const tag = requireFound(
    navigation.tags.find((candidate) => candidate.slug === slug),
    request,
  );
  return { tag, posts, navigation };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(t("blog.title"), matches) }];
  const { tag, posts } = loaderData;
  return [
    {
      title: pageTitle(
        posts.pageNumber > 1
          ? t("blog.tag.title_page", { name: tag.name, page: posts.pageNumber })
          : t("blog.tag.title", { name: tag.name }),
        matches,
      ),
    },
    { name: "description", content: t("blog.tag.description", { name: tag.name }) },
  ];
}

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts, navigation } = loaderData;
  return (
    <BlogListing
      crumbs={[
        { label: t("blog.home"), href: "/" },
        { label: t("blog.title"), href: BLOG_HOME },
        { label: t("blog.tag.crumb", { name: tag.name }) },
      ]}
      title={t("blog.tag.title", { name: tag.name })}
      intro={`${posts.total} ${posts.total === 1 ? "post" : "posts"} from our booksellers.`}
      path={blogTagHref(tag.slug)}
      posts={posts}
      navigation={navigation}
      current={{ tag: tag.slug }}
    />
  );
}
