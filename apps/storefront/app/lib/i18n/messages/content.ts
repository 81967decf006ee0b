import { translator, type MessageSet } from "../translator";

/** Content pages' own words (features/content/page-blocks.tsx, routes/content-page.tsx): the editors write the rest. */
export const contentMessages = {
  "content.home": "Home",
  "content.see_all": "See all",
  "content.browse": "Browse",
} as const satisfies MessageSet;

export const t = translator(contentMessages);
