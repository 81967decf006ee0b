import type { BlogPost } from "@quire/contracts";

/** schema.org BlogPosting for a post's page, so search engines show its title, picture, author and dates. */
export function buildBlogPostingJsonLd(input: { post: BlogPost; url: string; origin: string; publisher: string }) {
  const { post, url, origin, publisher } = input;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: new URL(post.heroImage.url, origin).toString(),
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: publisher },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(post.tags.length > 0 ? { keywords: post.tags.map((tag) => tag.name).join(", ") } : {}),
    ...(post.categories[0] ? { articleSection: post.categories[0].name } : {}),
  };
}
