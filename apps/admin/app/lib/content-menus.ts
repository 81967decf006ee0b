import type { MenuItem } from "@quire/contracts";
import type { Row } from "./content-rows";

/*
 * A menu's tree (three levels at most) as the rows of one form: each item a row with its label, its link and its
 * level (1, 2 or 3), in order; an item of level 2 belongs to the item of level 1 above it, and so on.
 */

export const MENU_ITEM_FIELDS = ["label", "url", "level"] as const;

export function rowsOfMenu(items: readonly MenuItem[], level = 1): Row[] {
  return items.flatMap((item) => [
    { label: item.label, url: item.url, level: String(level) },
    ...(level < 3 ? rowsOfMenu(item.subMenuItems, level + 1) : []),
  ]);
}
