import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicDir, readColourTokens, renderPublicFiles } from "../scripts/generate-icons";

const read = (name: string) => readFileSync(path.join(publicDir, name));

/** The width, height and payload kind of each image in an .ico file (ICONDIR, then one ICONDIRENTRY each). */
function icoImages(ico: Buffer): { width: number; height: number }[] {
  expect(ico.readUInt16LE(0), "reserved").toBe(0);
  expect(ico.readUInt16LE(2), "type 1 = icon").toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + index * 16;
    return { width: ico.readUInt8(entry) || 256, height: ico.readUInt8(entry + 1) || 256 };
  });
}

describe("the files in public/", () => {
  const tokens = readColourTokens();

  it("favicon.svg is the logo's book, in the accent colours", () => {
    const svg = read("favicon.svg").toString("utf8");
    const logo = readFileSync(path.join(import.meta.dirname, "components", "ui", "logo.tsx"), "utf8");
    const shapes = (text: string) =>
      [...text.matchAll(/<(rect|path) ([^>]*?)(?:fill|className|stroke)=/g)].map(([, tag, attributes]) => `${tag} ${attributes!.trim()}`);
    expect(shapes(svg)).toHaveLength(3);
    expect(shapes(svg)).toEqual(shapes(logo));
    expect(svg).toContain(`fill="${tokens.get("accent")}"`);
    expect(svg).toContain(`fill="${tokens.get("accent-hover")}"`);
  });

  it("favicon.ico holds the book at 16, 32 and 48 pixels", () => {
    expect(icoImages(read("favicon.ico"))).toEqual([
      { width: 16, height: 16 },
      { width: 32, height: 32 },
      { width: 48, height: 48 },
    ]);
  });

  it("the web app manifest names the shop, takes its colours from the design tokens and lists icons that exist", () => {
    const manifest = JSON.parse(read("manifest.webmanifest").toString("utf8")) as {
      name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe("Quire Books");
    expect(manifest.theme_color).toBe(tokens.get("paper"));
    expect(manifest.background_color).toBe(tokens.get("paper"));
    expect(manifest.icons.map((icon) => icon.purpose)).toContain("maskable");
    for (const icon of manifest.icons) expect(() => read(icon.src.slice(1)), icon.src).not.toThrow();
  });

  it("the root's theme-color is the manifest's", () => {
    const root = readFileSync(path.join(import.meta.dirname, "root.tsx"), "utf8");
    expect(root).toContain(`<meta name="theme-color" content="${tokens.get("paper")}" />`);
  });

  it("every generated file is what scripts/generate-icons.ts makes now (run it after changing the book or the tokens)", async () => {
    for (const [name, content] of await renderPublicFiles()) {
      expect(read(name).equals(content), `public/${name} is out of date`).toBe(true);
    }
  });
});
