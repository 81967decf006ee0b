import type { CategoryNode, MenuItem } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/layout";

export interface NavLink {
  label: string;
  href: string;
}

/** One entry of the main navigation: a plain link, or a group that opens a list of links. */
export interface NavEntry extends NavLink {
  links: NavLink[];
}

export const categoryHref = (slug: string) => `/store/${slug}`;

/**
 * The main navigation: categories first, then the main menu (docs/storefront-behaviour/layout-and-navigation.md).
 * Navigation shows only
 * categories that have child nodes: each such top-level category becomes a group listing its children;
 * categories without children are reached through the catalogue pages instead. When the main menu links
 * to one of these categories, the group takes the menu item's label (the editors' wording) and the menu
 * item is not repeated; the menu's other items follow.
 */
export function buildMainNavigation(categoryTree: CategoryNode[], menu: MenuItem[]): NavEntry[] {
  const menuLabels = new Map(menu.map((item) => [item.url, item.label]));
  const groups: NavEntry[] = categoryTree
    .filter((category) => category.nodes.length > 0)
    .map((category) => {
      const href = categoryHref(category.slug);
      return {
        label: menuLabels.get(href) ?? category.name,
        href,
        links: category.nodes.map((child) => ({ label: child.name, href: categoryHref(child.slug) })),
      };
    });
  const shown = new Set(groups.map((group) => group.href));
  const menuEntries: NavEntry[] = menu
    .filter((item) => !shown.has(item.url))
    .map((item) => ({
      label: item.label,
      href: item.url,
      links: item.subMenuItems.map((sub) => ({ label: sub.label, href: sub.url })),
    }));
  return [...groups, ...menuEntries];
}

/** Every category of the tree, parents before children (for the sitemap). */
export function flattenCategoryTree(tree: CategoryNode[]): CategoryNode[] {
  return tree.flatMap((node) => [node, ...flattenCategoryTree(node.nodes)]);
}

/** The featured category links, shown in the footer. */
export const FEATURED_CATEGORY_LINKS: readonly NavLink[] = [
  { label: t("layout.nav.for_her"), href: "/store/gift-books-for-her" },
  { label: t("layout.nav.for_him"), href: "/store/gift-books-for-him" },
  { label: t("layout.nav.by_occasion"), href: "/store/gifts-books-by-occasion" },
  { label: t("layout.nav.by_interest"), href: "/store/books-by-interest" },
  { label: t("layout.nav.childrens"), href: "/store/childrens-books" },
  { label: t("layout.nav.trending"), href: "/store/trending" },
  { label: t("layout.nav.view_all"), href: "/store/view-all" },
];

/** The help and shop links, grouped as the footer shows them. */
export const FOOTER_LINK_GROUPS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: t("layout.footer.help"),
    links: [
      { label: t("layout.nav.support"), href: "/support" },
      { label: t("layout.nav.delivery"), href: "/deliveries" },
      { label: t("layout.nav.find_order"), href: "/find-my-order" },
      { label: t("layout.nav.returns"), href: "/returns" },
      // The withdrawal function the law asks every page to reach (decision 061; features/withdrawal/withdrawal-paths.ts).
      { label: t("layout.nav.withdraw"), href: "/withdraw" },
      { label: t("layout.nav.faq"), href: "/faq" },
      { label: t("layout.nav.contact"), href: "/contact-us" },
    ],
  },
  {
    title: t("layout.footer.about"),
    links: [
      { label: t("layout.nav.about"), href: "/about" },
      { label: t("layout.nav.blog"), href: "/blog/list" },
      { label: t("layout.nav.terms"), href: "/terms-and-conditions" },
      { label: t("layout.nav.policies"), href: "/policies" },
      { label: t("layout.nav.privacy"), href: "/privacy-policy" },
      { label: t("layout.nav.cookies"), href: "/cookies-settings" },
      { label: t("layout.nav.accessibility"), href: "/accessibility" },
    ],
  },
];
