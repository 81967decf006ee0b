import type { MessageSet } from "../translator";

/**
 * The page that refuses a form another site submitted with the shopper's cookies (lib/cross-site.server.tsx),
 * with a 403. Only the server renders it: kept out of the error page's
 * set (messages/error.ts), which is in every page's scripts.
 */
export const crossSiteErrorMessages = {
  "error.cross_site_title": "This form came from another site",
  "error.cross_site_desc":
    "To keep your basket and account safe, the shop only accepts forms sent from its own pages, so nothing was changed. Please go back to the shop and try again there.",
  "error.cross_site_action": "Go to the shop",
} as const satisfies MessageSet;
