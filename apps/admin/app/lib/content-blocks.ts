import type { PageBlock } from "@quire/contracts";
import type { Row } from "./content-rows";

/** The kinds of block a page is made of, as the storefront draws them. */
export const BLOCK_TYPES = ["heading", "paragraph", "list", "hero", "categoryLinks", "productRail", "markdown"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_LABELS: Record<BlockType, string> = {
  heading: "Heading",
  paragraph: "Paragraph",
  list: "List",
  hero: "Hero banner",
  categoryLinks: "Category links",
  productRail: "Product rail",
  markdown: "Markdown text",
};

export const BLOCK_FIELDS = [
  "type",
  "text",
  "items",
  "title",
  "linkLabel",
  "linkUrl",
  "slugs",
  "categorySlug",
  "limit",
  "markdown",
] as const;

export function isBlockType(value: unknown): value is BlockType {
  return typeof value === "string" && (BLOCK_TYPES as readonly string[]).includes(value);
}

/** An empty block of a kind, as the form starts it. */
export function emptyBlock(type: BlockType): Row {
  switch (type) {
    case "heading":
    case "paragraph":
      return { type, text: "" };
    case "list":
      return { type, items: "" };
    case "hero":
      return { type, title: "", text: "", linkLabel: "", linkUrl: "" };
    case "categoryLinks":
      return { type, title: "", slugs: "" };
    case "productRail":
      return { type, title: "", categorySlug: "", limit: "8" };
    case "markdown":
      return { type, markdown: "" };
  }
}

/** A saved block as the form's text fields (a list one item a line, slugs one a line). */
export function rowOfBlock(block: PageBlock): Row {
  switch (block.type) {
    case "heading":
    case "paragraph":
      return { type: block.type, text: block.text };
    case "list":
      return { type: block.type, items: block.items.join("\n") };
    case "hero":
      return { type: block.type, title: block.title, text: block.text, linkLabel: block.linkLabel, linkUrl: block.linkUrl };
    case "categoryLinks":
      return { type: block.type, title: block.title, slugs: block.slugs.join("\n") };
    case "productRail":
      return { type: block.type, title: block.title, categorySlug: block.categorySlug, limit: String(block.limit) };
    case "markdown":
      return { type: block.type, markdown: block.markdown };
  }
}
