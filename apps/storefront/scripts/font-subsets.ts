import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/**
 * The Latin faces of Quire's two fonts, cut from @fontsource's files to what the shop uses (issue 9): the same
 * characters as @fontsource's Latin face (its unicode-range, so no Latin character falls through to another
 * file), and the weight axis narrowed to the weights the styles ask for. Inter goes from 48 to 31 KB and
 * Fraunces, which keeps its whole optical-size axis, from 67 to 61 KB: the two files every first visit fetches
 * before its first paint.
 *
 * `npx tsx apps/storefront/scripts/write-font-subsets.ts` writes them to app/fonts; font-subsets.test.ts fails
 * when they are out of date (after an upgrade of @fontsource, or a change here).
 */

/** @fontsource's Latin unicode-range, which app.css gives the cut faces too. */
export const LATIN_UNICODE_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

export interface FontSubset {
  /** The file written in app/fonts. */
  file: string;
  /** The @fontsource file it is cut from. */
  source: string;
  /** Weights kept: app.css's font-weight range for the face. */
  weight: { min: number; max: number };
}

export const FONT_SUBSETS: FontSubset[] = [
  // Body text: 400 to 700 (font-medium, font-semibold, <strong>).
  { file: "inter-latin.woff2", source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", weight: { min: 400, max: 700 } },
  // Headings and the logo: 400 and 600, with room for bold.
  {
    file: "fraunces-latin.woff2",
    source: "@fontsource-variable/fraunces/files/fraunces-latin-opsz-normal.woff2",
    weight: { min: 400, max: 700 },
  },
];

/** Every character of a unicode-range ("U+0000-00FF,U+0131"), as one string. */
export function charactersOf(unicodeRange: string): string {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [from, to = from] = part.replace("U+", "").split("-") as [string, string?];
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

/** The cut font file of one subset, as WOFF2. */
export async function buildFontSubset(subset: FontSubset): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve(subset.source));
  return subsetFont(source, charactersOf(LATIN_UNICODE_RANGE), { targetFormat: "woff2", variationAxes: { wght: subset.weight } });
}
