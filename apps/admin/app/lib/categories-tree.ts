import type { z } from "zod";
import type { AdminCategorySchema } from "@quire/contracts";
import { orderMoves } from "./catalogue-order";

export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export interface CategoryNode extends AdminCategory {
  children: CategoryNode[];
}

/** The API's flat tree (each category after its parent, siblings by position) as nested nodes. */
export function nestCategories(categories: readonly AdminCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(categories.map((category) => [category.id, { ...category, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id)!;
    const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const bySiblingOrder = (list: CategoryNode[]) => {
    list.sort((a, b) => a.position - b.position || a.id - b.id);
    for (const node of list) bySiblingOrder(node.children);
  };
  bySiblingOrder(roots);
  return roots;
}

/** The categories as a parent select's options: each indented under its parent, with the top level first. */
export function parentOptions(categories: readonly AdminCategory[], leaveOut?: number): { value: string; label: string }[] {
  const options = [{ value: "", label: "None (top level)" }];
  const walk = (nodes: CategoryNode[], depth: number, hidden: boolean) => {
    for (const node of nodes) {
      const skip = hidden || node.id === leaveOut;
      if (!skip) options.push({ value: String(node.id), label: `${"— ".repeat(depth)}${node.name}${node.isVisible ? "" : " (hidden)"}` });
      walk(node.children, depth + 1, skip);
    }
  };
  walk(nestCategories(categories), 0, false);
  return options;
}

/** The changes of position when `id` moves one place up or down among its siblings (see orderMoves). */
export function siblingMoves(
  categories: readonly AdminCategory[],
  id: number,
  direction: "up" | "down",
): { id: number; position: number }[] {
  const moving = categories.find((category) => category.id === id);
  if (!moving) return [];
  return orderMoves(
    categories.filter((category) => category.parentId === moving.parentId),
    id,
    direction,
  );
}
