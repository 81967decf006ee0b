import { translator, type MessageSet } from "../translator";

/**
 * The generated pictures' words (features/catalog/cover-svg.ts, routes/media-*.ts): a cover's accessible title and
 * the refusals of a malformed picture address. Only the media routes use them; cover-svg.ts is in the pages'
 * scripts for its addresses only, so this set is marked pure for the bundler to leave it out there.
 */
export const mediaServerMessages = {
  "media.cover.label": "{title} by {author}",
  "media.cover.query_too_long": "The query may be at most {max} characters",
  "media.cover.title_too_long": "The title may be at most {max} characters",
  "media.cover.author_too_long": "The author may be at most {max} characters",
  "media.cover.palette_invalid": "The palette is a whole number from 0 to 11",
  "media.blog_hero.invalid": "Expected a picture address such as /media/blog/how-we-wrap.svg",
} as const satisfies MessageSet;

export const t = /* @__PURE__ */ translator(mediaServerMessages);
