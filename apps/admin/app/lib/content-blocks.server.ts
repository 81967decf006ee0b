import { AdminPageBlockInputSchema, type AdminPageBlockInput } from "@quire/contracts";
import type { z } from "zod";
import type { Row } from "./content-rows";

// Checking a page's blocks as the form sent them, on the server (the schemas stay out of the browser's bundle).

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
