import {
  CreateAdminBlogCategoryBodySchema,
  CreateAdminBlogPostBodySchema,
  type AdminBlogPost,
  type CreateAdminBlogPostBody,
} from "@quire/contracts";
import { z } from "zod";
import { shopMomentField, shopMomentValue } from "./shop-moments.server";

/*
 * A blog post's form as text: its Markdown in a text area, its categories as one checkbox each (`category.<slug>`),
 * its tags as names one a line (their slugs made from the names), the books it is about as product ids, and when it
 * goes live as a date and time in the shop's time zone (empty: a draft).
 */

const shape = CreateAdminBlogPostBodySchema.shape;

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200);
}

/** The post's form, its go-live moment read in the shop's `timeZone`. */
export function blogPostForm(timeZone: string) {
  return z
    .object({
      title: shape.title,
      slug: shape.slug,
      author: shape.author,
      excerpt: z.string().trim().max(500, "Use at most 500 characters"),
      markdown: z
        .string()
        .transform((text) => text.replace(/\r\n/g, "\n"))
        .pipe(shape.markdown),
      heroImageUrl: z.string().trim().max(500),
      heroImageAlt: z.string().trim().max(200, "Use at most 200 characters"),
      tags: z.string().max(5000),
      productIds: z.string().max(1000),
      publishedAt: shopMomentField(timeZone),
    })
    .catchall(z.string())
    .transform((input, context): Omit<CreateAdminBlogPostBody, "publishedAt"> & { publishedAt: string | null } => {
      const categorySlugs = Object.keys(input)
        .filter((name) => name.startsWith("category.") && input[name] === "on")
        .map((name) => name.slice("category.".length));
      const tagNames = input.tags
        .split(/\r?\n|,/)
        .map((tag) => tag.trim())
        .filter(Boolean);
      const tags = [...new Map(tagNames.map((name) => [slugOf(name), { slug: slugOf(name), name: name.slice(0, 100) }])).values()].filter(
        (tag) => tag.slug,
      );
      if (tags.length > 20) context.addIssue({ code: "custom", message: "At most 20 tags", path: ["tags"] });
      const idTexts = input.productIds
        .split(/[\s,]+/)
        .map((id) => id.trim())
        .filter(Boolean);
      if (idTexts.some((id) => !/^\d{1,10}$/.test(id)))
        context.addIssue({ code: "custom", message: "Enter product ids as numbers, separated by commas", path: ["productIds"] });
      const productIds = [...new Set(idTexts.filter((id) => /^\d{1,10}$/.test(id)).map(Number))];
      if (productIds.length > 20) context.addIssue({ code: "custom", message: "At most 20 products", path: ["productIds"] });
      if (input.heroImageUrl && !shape.heroImage.unwrap().shape.url.safeParse(input.heroImageUrl).success) {
        context.addIssue({
          code: "custom",
          message: "Enter a site path such as /media/images/cover.jpg, or an http(s) address",
          path: ["heroImageUrl"],
        });
      }
      if (!input.heroImageUrl && input.heroImageAlt)
        context.addIssue({ code: "custom", message: "Give the picture's address too, or leave both empty", path: ["heroImageUrl"] });
      return {
        title: input.title,
        slug: input.slug,
        author: input.author,
        excerpt: input.excerpt,
        markdown: input.markdown,
        ...(input.heroImageUrl ? { heroImage: { url: input.heroImageUrl, alt: input.heroImageAlt } } : {}),
        categorySlugs,
        tags,
        productIds,
        publishedAt: input.publishedAt,
      };
    });
}

/** A post as the form's starting values (its go-live moment in the shop's `timeZone`). */
export function blogPostFormValues(post: AdminBlogPost, timeZone: string): Record<string, string> {
  const values: Record<string, string> = {
    title: post.title,
    slug: post.slug,
    author: post.author,
    excerpt: post.excerpt,
    markdown: post.markdown ?? "",
    heroImageUrl: post.heroImage.url,
    heroImageAlt: post.heroImage.alt,
    tags: post.tags.map((tag) => tag.name).join("\n"),
    productIds: post.productIds.join(", "),
    publishedAt: shopMomentValue(post.publishedAt, timeZone),
  };
  for (const category of post.categories) values[`category.${category.slug}`] = "on";
  return values;
}

/** A category's form (new or changed): the position typed as a whole number, empty for the end. */
export const CategoryForm = z.object({
  name: CreateAdminBlogCategoryBodySchema.shape.name,
  slug: CreateAdminBlogCategoryBodySchema.shape.slug,
  description: z
    .string()
    .max(1000, "Use at most 1000 characters")
    .transform((text) => text.replace(/\r\n/g, "\n")),
  position: z
    .string()
    .trim()
    .transform((text, context) => {
      if (!text) return undefined;
      const position = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
      if (!(position >= 0 && position <= 10_000)) {
        context.addIssue({ code: "custom", message: "Enter a whole number from 0 to 10000" });
        return z.NEVER;
      }
      return position;
    }),
});
