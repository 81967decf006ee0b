import type { BlogCategory, BlogPost, BlogTag } from "@quire/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breadcrumbs, type Crumb } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { Pagination } from "~/components/ui/pagination";
import { formatDate } from "~/lib/format-date";
import { BLOG_HERO_HEIGHT, BLOG_HERO_WIDTH } from "./blog-hero-svg";
import { BLOG_HOME, blogCategoryHref, blogPageHref, blogPostHref, blogTagHref } from "./blog-paths";
import { t } from "~/lib/i18n/messages/blog";

/** A post's date as the reader reads it, with the machine-readable date beside it. */
export function PostDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

/** A post in a listing: its picture, category, title (the link), excerpt, author and date. */
function PostCard({ post, headingLevel }: { post: BlogPost; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <img
        src={post.heroImage.url}
        alt=""
        width={BLOG_HERO_WIDTH}
        height={BLOG_HERO_HEIGHT}
        loading="lazy"
        decoding="async"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        {post.categories[0] ? (
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">{post.categories[0].name}</p>
        ) : null}
        <Heading className="mt-2 font-serif text-xl leading-snug font-semibold text-ink">
          <Link to={blogPostHref(post.slug)} className="after:absolute after:inset-0 group-hover:text-accent">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-[0.9375rem] text-ink-muted">{post.excerpt}</p>
        <p className="mt-auto pt-4 text-sm text-ink-muted">
          {post.author} · <PostDate iso={post.publishedAt} />
        </p>
      </div>
    </article>
  );
}

/** The categories and tags beside a listing; the current one marked. */
function BlogNavigation({
  categories,
  tags,
  current,
}: {
  categories: BlogCategory[];
  tags: (BlogTag & { postCount: number })[];
  current?: { category?: string; tag?: string };
}) {
  const itemClass = "underline-offset-3 hover:text-accent hover:underline";
  return (
    <aside className="grid content-start gap-8 text-[0.9375rem]">
      <nav aria-label={t("blog.nav.categories_label")}>
        <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{t("blog.nav.categories")}</h2>
        <ul className="mt-3 grid gap-2">
          <li>
            <Link to={BLOG_HOME} className={itemClass} aria-current={current ? undefined : "page"}>
              {t("blog.nav.all_posts")}
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={blogCategoryHref(category.slug)}
                className={itemClass}
                aria-current={current?.category === category.slug ? "page" : undefined}
              >
                {category.name} <span className="text-ink-muted">({category.postCount})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tags.length > 0 ? (
        <nav aria-label={t("blog.nav.tags_label")}>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{t("blog.nav.tags")}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag.slug}>
                <TagLink tag={tag} current={current?.tag === tag.slug} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}

export function TagLink({ tag, current = false }: { tag: BlogTag; current?: boolean }) {
  return (
    <Link
      to={blogTagHref(tag.slug)}
      aria-current={current ? "page" : undefined}
      className="inline-flex min-h-9 items-center rounded-full border border-line-strong bg-surface px-3 text-sm text-ink hover:border-accent hover:text-accent aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
    >
      #{tag.name}
    </Link>
  );
}

export interface BlogListingProps {
  crumbs: Crumb[];
  title: string;
  intro: ReactNode;
  path: string;
  posts: { results: BlogPost[]; pageNumber: number; totalPages: number; total: number };
  navigation: { categories: BlogCategory[]; tags: (BlogTag & { postCount: number })[] };
  current?: { category?: string; tag?: string };
}

/** A page of posts (the blog, a category, a tag), with the blog's navigation and the pages. */
export function BlogListing({ crumbs, title, intro, path, posts, navigation, current }: BlogListingProps) {
  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-4 text-display">{title}</h1>
      <div className="mt-3 max-w-2xl text-lg text-ink-muted">{intro}</div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_15rem]">
        <section aria-label={t("blog.posts")}>
          {posts.results.length === 0 ? (
            <p className="text-ink-muted">{t("blog.no_posts")}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {posts.results.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            currentPage={posts.pageNumber}
            totalPages={posts.totalPages}
            hrefForPage={(page) => blogPageHref(path, page)}
            className="mt-10"
          />
        </section>
        <BlogNavigation categories={navigation.categories} tags={navigation.tags} current={current} />
      </div>
    </Container>
  );
}
