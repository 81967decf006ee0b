import { describe, expect, it } from "vitest";
import type { BroadcastEvent } from "../jobs/event-feed";
import { EVERY_PAGE, keysMadeStaleBy } from "./invalidation-keys";

// Which public pages each broadcast change makes stale (decision 064), named by the surrogate keys the API's answers
// carry. One example per broadcast event: the type asks for every one, so a new event is decided here.

const storeId = 7;
const examples: { [T in BroadcastEvent["type"]]: { event: Extract<BroadcastEvent, { type: T }>; keys: string[] | typeof EVERY_PAGE } } = {
  "product.changed": { event: { type: "product.changed", storeId, productIds: [3, 41] }, keys: ["product:3", "product:41", "catalog"] },
  "stock.state_changed": { event: { type: "stock.state_changed", storeId, productIds: [12] }, keys: ["product:12"] },
  "category.changed": { event: { type: "category.changed", storeId, categoryId: 5 }, keys: ["category:5", "menu"] },
  "category.products_changed": {
    event: { type: "category.products_changed", storeId, categoryIds: [1, 5, 9] },
    keys: ["category:1", "category:5", "category:9"],
  },
  "menu.changed": { event: { type: "menu.changed", storeId, code: "main" }, keys: ["menu"] },
  "content_page.changed": { event: { type: "content_page.changed", storeId, pageId: 8 }, keys: ["content:8"] },
  "blog.changed": { event: { type: "blog.changed", storeId }, keys: ["blog"] },
  "store.settings_changed": { event: { type: "store.settings_changed", storeId }, keys: ["settings"] },
  "redirects.changed": { event: { type: "redirects.changed", storeId }, keys: EVERY_PAGE },
  "search.documents_written": { event: { type: "search.documents_written", storeId, productIds: [3] }, keys: ["catalog"] },
};

describe("the keys a change makes stale", () => {
  for (const { event, keys } of Object.values(examples)) {
    it(`${event.type}: ${keys === EVERY_PAGE ? "every page" : keys.join(" ") || "none"}`, () => {
      expect(keysMadeStaleBy(event)).toEqual(keys);
    });
  }
});
