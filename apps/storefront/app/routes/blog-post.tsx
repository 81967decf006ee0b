import { SlugSchema } from "@quire/contracts";
import { data } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { buildBlogPostingJsonLd } from "~/features/blog/blog-json-ld";
import { loadPost, loadPostPreview } from "~/features/blog/blog.server";
import { PostDate, TagLink } from "~/features/blog/blog-components";
import { BLOG_HERO_HEIGHT, BLOG_HERO_WIDTH } from "~/features/blog/blog-hero-svg";
import { BLOG_HOME, blogCategoryHref, blogPostHref } from "~/features/blog/blog-paths";
import { JsonLd } from "~/features/catalog/json-ld";
import { ProductCardList } from "~/features/catalog/product-card";
import { ProseBlocks } from "~/features/content/page-blocks";
import { pageTitle, storeNameFrom } from "~/features/layout/meta";
import { apiContext } from "~/lib/context.server";
import { requireValidParams } from "~/lib/not-found.server";
import { PREVIEW_HEADERS } from "~/lib/preview-link.server";
import type { Route } from "./+types/blog-post";
import { t } from "~/lib/i18n/messages/blog";

const ParamsSchema = z.object({ blog: SlugSchema });

/**
 * /blog/post/:blog: one published post (GET /blog-posts?Slug=), its books below it. Unknown or unpublished: 404.
 * With `?preview=<token>` (a merchant's preview link, decision 051), the post the token opens, published or not.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { blog: slug } = requireValidParams(ParamsSchema, params, request);
  const url = new URL(request.url);
  const previewToken = url.searchParams.get("preview");
  const api = context.get(apiContext);
  const post = previewToken === null ? await loadPost(api, request, slug) : await loadPostPreview(api, request, previewToken);
  const answer = { post, origin: url.origin, url: new URL(blogPostHref(post.slug), url.origin).toString(), preview: previewToken !== null };
  return previewToken === null ? answer : data(answer, { headers: PREVIEW_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(t("blog.title"), matches) }];
  const { post, origin, url } = loaderData;
  const title = pageTitle(post.title, matches);
  return [
    { title },
    { name: "description", content: post.excerpt },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: post.excerpt },
    { property: "og:image", content: new URL(post.heroImage.url, origin).toString() },
    { tagName: "link", rel: "canonical", href: url },
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function BlogPostPage({ loaderData, matches }: Route.ComponentProps) {
  const { post, origin, url } = loaderData;
  const category = post.categories[0];
  return (
    <article>
      <JsonLd data={buildBlogPostingJsonLd({ post, url, origin, publisher: storeNameFrom(matches) })} />
      <Container className="py-6 sm:py-10">
        <Breadcrumbs
          items={[
            { label: t("blog.home"), href: "/" },
            { label: t("blog.title"), href: BLOG_HOME },
            ...(category ? [{ label: category.name, href: blogCategoryHref(category.slug) }] : []),
            { label: post.title },
          ]}
        />
        <header className="mx-auto mt-6 max-w-3xl">
          {category ? <p className="text-sm font-semibold tracking-wider text-accent uppercase">{category.name}</p> : null}
          <h1 className="mt-2 text-display">{post.title}</h1>
          <p className="mt-4 text-lg text-ink-muted">{post.excerpt}</p>
          <p className="mt-4 text-sm text-ink-muted">
            {t("blog.post.by", { author: post.author })} · <PostDate iso={post.publishedAt} />
          </p>
        </header>
        <img
          src={post.heroImage.url}
          alt={post.heroImage.alt}
          width={BLOG_HERO_WIDTH}
          height={BLOG_HERO_HEIGHT}
          className="mx-auto mt-8 aspect-[40/21] w-full max-w-4xl rounded-card object-cover"
        />
        <div className="mx-auto mt-10 max-w-prose text-base leading-relaxed text-ink sm:text-lg">
          <ProseBlocks blocks={post.body} />
        </div>
        {post.tags.length > 0 ? (
          <nav aria-label={t("blog.post.tags")} className="mx-auto mt-8 max-w-prose">
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag.slug}>
                  <TagLink tag={tag} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </Container>
      {post.relatedProducts && post.relatedProducts.length > 0 ? (
        <section aria-labelledby="post-books" className="border-t border-line">
          <Container className="py-10 sm:py-14">
            <h2 id="post-books" className="mb-6 text-2xl font-semibold sm:text-3xl">
              {t("blog.post.books")}
            </h2>
            <ProductCardList products={post.relatedProducts} />
          </Container>
        </section>
      ) : null}
    </article>
  );
}
