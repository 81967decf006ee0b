import type { CategoryNode, MenuItem } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { buildMainNavigation, flattenCategoryTree } from "./navigation";

let nextId = 1;
function category(slug: string, name: string, nodes: CategoryNode[] = []): CategoryNode {
  return { id: nextId++, parentId: null, slug, name, description: "", position: 0, depth: 0, nodes };
}
function menuItem(label: string, url: string, subMenuItems: MenuItem[] = []): MenuItem {
  return { id: nextId++, label, url, subMenuItems };
}

const tree = [
  category("gift-books-for-her", "Gift Books for Her", [
    category("gifts-for-mum", "For Mum"),
    category("beautiful-editions", "Beautiful Editions"),
  ]),
  category("gift-cards", "Gift Cards"),
  category("childrens-books", "Children's Books", [category("picture-books", "Picture Books", [category("bedtime", "Bedtime")])]),
];

describe("buildMainNavigation", () => {
  it("shows only categories that have child nodes, each listing its children", () => {
    const nav = buildMainNavigation(tree, []);
    expect(nav.map((entry) => entry.href)).toEqual(["/store/gift-books-for-her", "/store/childrens-books"]);
    expect(nav[0]).toEqual({
      label: "Gift Books for Her",
      href: "/store/gift-books-for-her",
      links: [
        { label: "For Mum", href: "/store/gifts-for-mum" },
        { label: "Beautiful Editions", href: "/store/beautiful-editions" },
      ],
    });
    expect(nav[1]?.links).toEqual([{ label: "Picture Books", href: "/store/picture-books" }]);
  });

  it("uses the menu's label for a category it links to, and does not repeat that menu item", () => {
    const nav = buildMainNavigation(tree, [menuItem("Gifts for her", "/store/gift-books-for-her"), menuItem("Blog", "/blog/list")]);
    expect(nav.map((entry) => entry.label)).toEqual(["Gifts for her", "Children's Books", "Blog"]);
  });

  it("keeps menu items, with their sub-items, after the category groups", () => {
    const nav = buildMainNavigation(
      [],
      [menuItem("Help", "/support", [menuItem("Delivery", "/deliveries")]), menuItem("Gift cards", "/store/gift-cards")],
    );
    expect(nav).toEqual([
      { label: "Help", href: "/support", links: [{ label: "Delivery", href: "/deliveries" }] },
      { label: "Gift cards", href: "/store/gift-cards", links: [] },
    ]);
  });
});

describe("flattenCategoryTree", () => {
  it("lists every category, parents before their children", () => {
    expect(flattenCategoryTree(tree).map((node) => node.slug)).toEqual([
      "gift-books-for-her",
      "gifts-for-mum",
      "beautiful-editions",
      "gift-cards",
      "childrens-books",
      "picture-books",
      "bedtime",
    ]);
  });
});
