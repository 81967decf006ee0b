import type { MetaDescriptor } from "react-router";

/** Text cut at a word boundary to `max` characters, for meta descriptions. */
export function summarise(text: string, max = 160): string {
  const tidy = text.replace(/\s+/g, " ").trim();
  if (tidy.length <= max) return tidy;
  const cut = tidy.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The canonical URL of a listing page: filters and sort are views of the same page; the page number is not. */
export function canonicalListingUrl(url: URL, page: number): string {
  return `${url.origin}${url.pathname}${page > 1 ? `?page=${page}` : ""}`;
}

/**
 * Title, description, canonical link and Open Graph tags of a catalogue page. The merchant's own title and description
 * for search results (`seo`, "" when not set) replace the page's: the title still ends with the store's name unless it
 * names the store already, and the description is used whole (the merchant chose its length), not cut.
 */
export function catalogMeta(input: {
  title: string;
  storeName: string | undefined;
  description: string;
  canonical: string;
  image?: string;
  type?: "website" | "product";
  seo?: { title: string; description: string };
}): MetaDescriptor[] {
  const seoTitle = input.seo?.title.trim() ?? "";
  const pageTitle = seoTitle || input.title;
  const title = input.storeName && !(seoTitle && seoTitle.includes(input.storeName)) ? `${pageTitle} | ${input.storeName}` : pageTitle;
  const seoDescription = input.seo?.description.replace(/\s+/g, " ").trim() ?? "";
  const description = seoDescription || summarise(input.description);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: input.canonical },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: input.canonical },
    ...(input.image ? [{ property: "og:image", content: input.image }] : []),
  ];
}
