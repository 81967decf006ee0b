/**
 * The shop's line icons: one path each on a 24 × 24 grid, stroked (not filled) in the current colour.
 * icons.svg holds them as a sprite the pages point into (icon.tsx); `buildIconSprite` writes it, and
 * icon-sprite.test.ts fails when the two differ: after changing a path here, run
 * `npx tsx apps/storefront/scripts/write-icon-sprite.ts`.
 */
export const ICON_PATHS = {
  search: "M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm10 2-4.35-4.35",
  bag: "M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2",
  heart: "M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  "arrow-up": "M12 19V5m-6 6 6-6 6 6",
  "arrow-right": "M5 12h14m-6-6 6 6-6 6",
  "chevron-down": "m6 9 6 6 6-6",
  "chevron-right": "m9 6 6 6-6 6",
  "chevron-left": "m15 6-6 6 6 6",
  check: "M5 12.5 10 17l9-10",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5m0-8h.01",
  warning: "M12 4 2.5 20h19L12 4Zm0 6v4m0 3h.01",
  book: "M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z",
  lock: "M6 11h12v10H6V11Zm2 0V8a4 4 0 0 1 8 0v3",
  download: "M12 4v11m-5-5 5 5 5-5M5 20h14",
} as const;

/**
 * The sprite: each icon a <symbol> whose id is its name, stroked in the colour of the text around the <svg>
 * that uses it (currentColor inherits into the use), and sized by that <svg>. The fill is left to that <svg>
 * too (icon.tsx sets none; a filled heart's class sets the current colour).
 */
export function buildIconSprite(fromService: ReadonlyMap<string, { body: string; width: number; height: number }> = new Map()): string {
  const symbols = Object.entries(ICON_PATHS).map(([name, path]) => {
    // An icon service's drawing of the icon, where a shop configures one (features/icons); else the shipped one.
    const served = fromService.get(name);
    if (served) return `  <symbol id="${name}" viewBox="0 0 ${served.width} ${served.height}">${served.body}</symbol>`;
    return `  <symbol id="${name}" viewBox="0 0 24 24"><path d="${path}" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
