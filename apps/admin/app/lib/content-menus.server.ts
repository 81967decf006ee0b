import { AdminMenuItemInputSchema, type AdminMenuItemInput } from "@quire/contracts";
import type { z } from "zod";
import type { Row } from "./content-rows";

// Checking a menu's rows as the form sent them, on the server (the schemas stay out of the browser's bundle).

/** The rows as the API's tree, each problem named after its row's field. */
export function menuOfRows(rows: readonly Row[], context: z.core.$RefinementCtx): AdminMenuItemInput[] {
  const tree: AdminMenuItemInput[] = [];
  let previous = 0;
  rows.forEach((row, index) => {
    const level = Number(row.level);
    if (![1, 2, 3].includes(level) || level > previous + 1) {
      context.addIssue({
        code: "custom",
        message: `Item ${index + 1}: ${index === 0 ? "the first item must be at level 1" : "an item can go at most one level below the one above it"}`,
        path: ["items", index, "level"],
      });
      return;
    }
    previous = level;
    const parsed = AdminMenuItemInputSchema.safeParse({ label: row.label ?? "", url: (row.url ?? "").trim() });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "label");
        context.addIssue({
          code: "custom",
          message: `Item ${index + 1}: ${field === "label" ? "enter a label" : issue.message}`,
          path: ["items", index, field],
        });
      }
      return;
    }
    const item = { label: parsed.data.label, url: parsed.data.url };
    if (level === 1) tree.push({ ...item, subMenuItems: [] });
    else {
      const parent = tree.at(-1)!;
      if (level === 2) parent.subMenuItems!.push({ ...item, subMenuItems: [] });
      else parent.subMenuItems!.at(-1)!.subMenuItems!.push(item);
    }
  });
  return tree;
}
