import { surrogateKeys } from "@quire/contracts/constants";
import type { BroadcastEvent } from "../jobs/event-feed";

/**
 * The surrogate keys of the public pages a change makes stale (decision 064): a product's, for a change to it, its
 * variants or prices (its own page and every page that shows its card); `settings` for the store's settings, which
 * every page shows. Events that change no page (the search documents written) name none.
 */
export function keysMadeStaleBy(event: BroadcastEvent): string[] {
  switch (event.type) {
    case "product.changed":
      return event.productIds.map(surrogateKeys.product);
    case "store.settings_changed":
      return [surrogateKeys.settings];
    case "search.documents_written":
      return [];
  }
}
