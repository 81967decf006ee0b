import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The colour tokens of app.css's @theme, by name (without the --color- prefix). */
function readColourTokens(): Map<string, string> {
  const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
  return new Map([...css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, hex]) => [name!, hex!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const tokens = readColourTokens();
const colour = (name: string) => {
  const value = tokens.get(name);
  if (!value) throw new Error(`No --color-${name} in app.css`);
  return value;
};

/** Text on background, as the interface pairs them. AA for normal text is 4.5:1. */
const TEXT_PAIRS: [text: string, background: string][] = [
  ["ink", "paper"],
  ["ink", "surface"],
  ["ink", "sunk"],
  ["ink", "accent-soft"],
  ["ink-muted", "paper"],
  ["ink-muted", "surface"],
  ["ink-muted", "sunk"],
  ["ink-muted", "accent-soft"],
  ["accent", "paper"],
  ["accent", "surface"],
  ["accent", "sunk"],
  ["accent", "accent-soft"],
  ["accent-ink", "accent"],
  ["accent-ink", "accent-hover"],
  ["accent-ink", "success"],
  ["paper", "ink"],
  ["sale", "paper"],
  ["sale", "surface"],
  ["success", "paper"],
  ["success", "surface"],
  ["warning", "paper"],
  ["warning", "surface"],
  ["danger", "paper"],
  ["danger", "surface"],
  ["ink", "success-soft"],
  ["ink", "info-soft"],
  ["ink", "warning-soft"],
  ["ink", "danger-soft"],
  ["success", "success-soft"],
  ["info", "info-soft"],
  ["warning", "warning-soft"],
  ["danger", "danger-soft"],
  ["on-night", "night"],
  ["on-night-muted", "night"],
  ["accent-on-night", "night"],
];

/** Control borders and focus rings against what they sit on: 3:1 (WCAG 1.4.11). */
const NON_TEXT_PAIRS: [part: string, background: string][] = [
  ["line-strong", "paper"],
  ["line-strong", "surface"],
  ["line-strong", "sunk"],
  ["accent", "paper"],
  ["accent", "sunk"],
  ["accent", "accent-soft"],
  ["accent-on-night", "night"],
];

describe("design tokens meet WCAG AA contrast", () => {
  it.each(TEXT_PAIRS)("%s text on %s is at least 4.5:1", (text, background) => {
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)("%s on %s is at least 3:1", (part, background) => {
    expect(contrast(colour(part), colour(background))).toBeGreaterThanOrEqual(3);
  });

  it("computes contrast the WCAG way", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});

/** A custom property's value as app.css declares it (the first declaration). */
function cssValue(name: string): string | undefined {
  const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe("the interface's stacking order, control heights and dropdown height", () => {
  it("stacks overlays and menus at 1000, modals and tooltips at 1100", () => {
    expect(cssValue("z-overlay")).toBe("1000");
    expect(cssValue("z-menu")).toBe("1000");
    expect(cssValue("z-modal")).toBe("1100");
    expect(cssValue("z-tooltip")).toBe("1100");
  });

  it("makes text inputs 44 px tall and dropdown lists at most 200 px", () => {
    expect(cssValue("spacing-input")).toBe("2.75rem"); // 44 px at the 16 px root size
    expect(cssValue("spacing-dropdown")).toBe("200px");
  });
});
