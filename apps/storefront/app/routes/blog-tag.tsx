import { SlugSchema } from "@quire/contracts";
import { z } from "zod";
import { loadBlogNavigation, loadPostsPage } from "~/features/blog/blog.server";
import { BlogListing } from "~/features/blog/blog-components";
import { BLOG_HOME, blogTagHref } from "~/features/blog/blog-paths";
import { pageTitle } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { requireFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/blog-tag";

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
  if (!loaderData) return [{ title: pageTitle("Blog", matches) }];
  const { tag, posts } = loaderData;
  return [
    { title: pageTitle(posts.pageNumber > 1 ? `Posts tagged ${tag.name}, page ${posts.pageNumber}` : `Posts tagged ${tag.name}`, matches) },
    { name: "description", content: `Posts tagged ${tag.name} from our booksellers.` },
  ];
}

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts, navigation } = loaderData;
  return (
    <BlogListing
      crumbs={[{ label: "Home", href: "/" }, { label: "Blog", href: BLOG_HOME }, { label: `#${tag.name}` }]}
      title={`Posts tagged ${tag.name}`}
      intro={`${posts.total} ${posts.total === 1 ? "post" : "posts"} from our booksellers.`}
      path={blogTagHref(tag.slug)}
      posts={posts}
      navigation={navigation}
      current={{ tag: tag.slug }}
    />
  );
}
