import { surrogateKeys } from "@quire/contracts/constants";
import type { BroadcastEvent } from "../jobs/event-feed";

/** What a change makes stale when no key names the pages it touches: every public page. */
export const EVERY_PAGE = "every page";

/**
 * The surrogate keys of the public pages a change makes stale (decision 064):
 * - a product's, for a change to it, its variants or prices, or to the stock its shoppers are shown (its own page and
 *   every page that shows its card); for a change to the product itself, `catalog` too: the lists no category names
 *   (searches, the whole catalogue's lists, recommendations) may now hold it, or hold it elsewhere;
 * - a category's, for a change to the products it lists (the catalogue names the categories before and after, and
 *   those above them); a change to the category itself forgets `menu` too, as the header's navigation on every page
 *   is made of the category tree (and a category's neighbours show its name: breadcrumbs, lists of subcategories);
 * - `menu` for a menu, a content page's own key for the page, `blog` for a post or a blog category, `settings` for
 *   the store's settings;
 * - EVERY_PAGE for the store's redirects: the storefront answers them before any page, and no key names an address,
 *   so any page kept may now be one that must redirect.
 * - `catalog` again when a product's search documents are written (the search's lists read them).
 */
export function keysMadeStaleBy(event: BroadcastEvent): string[] | typeof EVERY_PAGE {
  switch (event.type) {
    case "product.changed":
      return [...event.productIds.map(surrogateKeys.product), surrogateKeys.catalog];
    case "stock.state_changed":
      return event.productIds.map(surrogateKeys.product);
    case "category.changed":
      return [surrogateKeys.category(event.categoryId), surrogateKeys.menu];
    case "category.products_changed":
      return event.categoryIds.map(surrogateKeys.category);
    case "menu.changed":
      return [surrogateKeys.menu];
    case "content_page.changed":
      return [surrogateKeys.content(event.pageId)];
    case "blog.changed":
      return [surrogateKeys.blog];
    case "store.settings_changed":
      return [surrogateKeys.settings];
    case "redirects.changed":
      return EVERY_PAGE;
    case "search.documents_written":
      // The search reads these documents, written by a job after the product's change: a search's page made before
      // them would not find the product, so the lists no category names are forgotten once more when they are in.
      return [surrogateKeys.catalog];
  }
}
