// Makes the storefront's icons and web app manifest in public/ from the logo's book (public/favicon.svg) and
// the design tokens (app/app.css). Run it after changing either, and commit what it writes:
//
//   npx tsx apps/storefront/scripts/generate-icons.ts
//
// The output is committed rather than built so that building the shop needs no image tooling; a unit test
// (app/public-files.test.ts) renders everything again and fails when a committed file is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import pngToIco from "png-to-ico";

const storefront = path.resolve(import.meta.dirname, "..");
export const publicDir = path.join(storefront, "public");

/** The colour tokens of app.css's @theme, by name without the --color- prefix. */
export function readColourTokens(): Map<string, string> {
  const css = readFileSync(path.join(storefront, "app", "app.css"), "utf8");
  return new Map([...css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, hex]) => [name!, hex!.toLowerCase()]));
}

function png(svg: string, size: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());
}

/**
 * The book on a square of the page colour, shrunk into the middle 60%: what a home screen shows, and what
 * survives a maskable icon's crop to the central circle (80% of the width).
 */
function onPaper(bookSvg: string, paper: string): string {
  const inner = bookSvg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${paper}"/><g transform="translate(6.4 6.4) scale(0.6)">${inner}</g></svg>`;
}

/** Every generated file of public/, by name. */
export async function renderPublicFiles(): Promise<Map<string, Buffer>> {
  const book = readFileSync(path.join(publicDir, "favicon.svg"), "utf8").trim();
  const tokens = readColourTokens();
  const paper = tokens.get("paper");
  if (!paper) throw new Error("app.css has no --color-paper");
  const padded = onPaper(book, paper);

  const manifest = {
    name: "Quire Books",
    short_name: "Quire Books",
    description: "Gift books for every reader and every occasion.",
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: paper,
    theme_color: paper,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };

  return new Map([
    ["favicon.ico", await pngToIco([png(book, 16), png(book, 32), png(book, 48)])],
    ["icon-192.png", png(book, 192)],
    ["icon-512.png", png(book, 512)],
    ["icon-maskable-512.png", png(padded, 512)],
    ["apple-touch-icon.png", png(padded, 180)],
    ["manifest.webmanifest", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)],
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const [name, content] of await renderPublicFiles()) {
    writeFileSync(path.join(publicDir, name), content);
    console.log(`wrote public/${name} (${content.length} bytes)`);
  }
}
