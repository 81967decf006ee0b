import type { CategoryNode, MenuItem } from "@quire/contracts";
import { getCategoryTree, getMainMenu } from "~/lib/shop-data.server";
import { buildMainNavigation, type NavEntry } from "./navigation";

let navigation: { tree: CategoryNode[]; menu: MenuItem[]; entries: NavEntry[] } | undefined;

/**
 * The header's navigation (navigation.ts), built once per copy of the tree and the menu
 * rather than on every render, and sent to the browser instead of them: its labels and paths are a third of
 * the tree and menu the pages used to carry in their data.
 */
export async function getMainNavigation(): Promise<NavEntry[]> {
  const [tree, menu] = await Promise.all([getCategoryTree(), getMainMenu()]);
  if (navigation?.tree !== tree || navigation.menu !== menu) navigation = { tree, menu, entries: buildMainNavigation(tree, menu) };
  return navigation.entries;
}
