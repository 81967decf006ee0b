import { AdminPageBlockInputSchema, type AdminPageBlockInput, type PageBlock } from "@quire/contracts";
import type { z } from "zod";
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

const lines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n|,/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A form's block as the API's input, before checking. */
function inputOfRow(row: Row): unknown {
  switch (row.type) {
    case "heading":
      return { type: row.type, text: row.text ?? "" };
    case "paragraph":
      return { type: row.type, text: (row.text ?? "").replace(/\r\n/g, "\n") };
    case "list":
      return {
        type: row.type,
        items: (row.items ?? "")
          .split(/\r?\n/)
          .map((item) => item.trim())
          .filter(Boolean),
      };
    case "hero":
      return {
        type: row.type,
        title: row.title ?? "",
        text: (row.text ?? "").replace(/\r\n/g, "\n"),
        linkLabel: row.linkLabel ?? "",
        linkUrl: row.linkUrl?.trim() ?? "",
      };
    case "categoryLinks":
      return { type: row.type, title: row.title ?? "", slugs: lines(row.slugs) };
    case "productRail":
      return {
        type: row.type,
        title: row.title ?? "",
        categorySlug: row.categorySlug?.trim() ?? "",
        limit: /^\d{1,2}$/.test(row.limit ?? "") ? Number(row.limit) : NaN,
      };
    case "markdown":
      return { type: row.type, markdown: (row.markdown ?? "").replace(/\r\n/g, "\n") };
    default:
      return { type: row.type };
  }
}

const MESSAGES: Record<string, string> = {
  text: "Enter the text",
  items: "Enter at least one item, one a line",
  title: "Enter a title",
  slugs: "Enter at least one category slug, such as fiction",
  categorySlug: "Enter a category slug, such as fiction",
  limit: "Enter how many products to show, from 1 to 24",
  markdown: "Enter the text",
  linkUrl: "Enter a site path such as /store, or an http(s) address",
};

/** The form's blocks checked against the API's own schema; each problem named after the field it is in. */
export function blocksOfRows(rows: readonly Row[], context: z.core.$RefinementCtx): AdminPageBlockInput[] {
  const blocks: AdminPageBlockInput[] = [];
  rows.forEach((row, index) => {
    const parsed = AdminPageBlockInputSchema.safeParse(inputOfRow(row));
    if (parsed.success) {
      blocks.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "type");
      const message =
        MESSAGES[field] && issue.code !== "too_big" ? `Block ${index + 1}: ${MESSAGES[field]}` : `Block ${index + 1}: ${issue.message}`;
      context.addIssue({ code: "custom", message, path: ["blocks", index, field] });
    }
  });
  return blocks;
}
