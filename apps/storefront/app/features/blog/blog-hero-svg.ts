import { COVER_PALETTES } from "~/features/catalog/cover-svg";

/**
 * A blog post's hero picture, drawn as SVG from its slug (as book covers are: no image files to ship): a shelf of
 * spines, a stack of books and a sun or moon on a background from the covers' palettes. The same slug always
 * draws the same picture; posts differ in colours, heights and what leans.
 */
export const BLOG_HERO_WIDTH = 1200;
export const BLOG_HERO_HEIGHT = 630;

/** FNV-1a: a small, stable hash of the slug, the seed of every choice below. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A sequence of numbers in [0, 1) from the seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function renderBlogHeroSvg(slug: string): string {
  const random = randomFrom(hashOf(slug));
  const palette = COVER_PALETTES[Math.floor(random() * COVER_PALETTES.length)]!;
  const spineColours = COVER_PALETTES.map((entry) => entry.background).filter((colour) => colour !== palette.background);
  const pick = () => spineColours[Math.floor(random() * spineColours.length)]!;
  const shelfY = 500;
  const parts: string[] = [];

  // The sun (or moon) behind the shelf.
  const sunX = 760 + Math.round(random() * 280);
  parts.push(
    `<circle cx="${sunX}" cy="${180 + Math.round(random() * 80)}" r="${90 + Math.round(random() * 50)}" fill="${palette.ink}" opacity="0.9"/>`,
  );

  // Spines standing on the shelf, one leaning.
  let x = 120;
  const leaning = 2 + Math.floor(random() * 5);
  for (let index = 0; x < 760; index++) {
    const width = 36 + Math.round(random() * 30);
    const height = 190 + Math.round(random() * 150);
    const colour = pick();
    const transform = index === leaning ? ` transform="rotate(-9 ${x} ${shelfY})"` : "";
    parts.push(
      `<g${transform}><rect x="${x}" y="${shelfY - height}" width="${width}" height="${height}" rx="4" fill="${colour}"/>` +
        `<rect x="${x + 6}" y="${shelfY - height + 22}" width="${width - 12}" height="4" fill="${palette.ink}" opacity="0.55"/>` +
        `<rect x="${x + 6}" y="${shelfY - 30}" width="${width - 12}" height="4" fill="${palette.ink}" opacity="0.55"/></g>`,
    );
    x += width + 6 + (index === leaning ? 18 : 0);
  }

  // A stack of books lying flat at the right, tied with string.
  let stackY = shelfY;
  const stackX = 860;
  for (let index = 0; index < 3 + Math.floor(random() * 3); index++) {
    const width = 220 - Math.round(random() * 50);
    const height = 34 + Math.round(random() * 14);
    stackY -= height;
    parts.push(
      `<rect x="${stackX + Math.round(random() * 20)}" y="${stackY}" width="${width}" height="${height}" rx="4" fill="${pick()}"/>`,
    );
  }
  parts.push(`<rect x="${stackX + 96}" y="${stackY - 6}" width="6" height="${shelfY - stackY + 6}" fill="${palette.ink}" opacity="0.8"/>`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BLOG_HERO_WIDTH} ${BLOG_HERO_HEIGHT}" width="${BLOG_HERO_WIDTH}" height="${BLOG_HERO_HEIGHT}">` +
    `<rect width="${BLOG_HERO_WIDTH}" height="${BLOG_HERO_HEIGHT}" fill="${palette.background}"/>` +
    parts.join("") +
    `<rect x="80" y="${shelfY}" width="${BLOG_HERO_WIDTH - 160}" height="18" fill="#5b4636"/>` +
    `</svg>`
  );
}

/** `<slug>.svg` of a hero's address, or null when it is not one. */
export function parseBlogHeroFile(file: string | undefined): string | null {
  const slug = file?.endsWith(".svg") ? file.slice(0, -4) : null;
  return slug !== null && slug.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : null;
}
