import { describe, expect, it } from "vitest";
import { COVER_LIMITS, COVER_PALETTES, coverMotif, escapeXml, parseCoverRequest, renderCoverSvg, wrapText } from "./cover-svg";

const cover = { slug: "the-secret-garden", title: "The Secret Garden", author: "Frances Hodgson Burnett", palette: 3 };

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });

  it("drops characters XML cannot hold at all", () => {
    expect(escapeXml("A\u0000B\u0007C\u001fD\ud800E\uffff")).toBe("ABCDE");
  });

  it("keeps letters from any script and whole emoji", () => {
    expect(escapeXml("Élan — 物語 📚")).toBe("Élan — 物語 📚");
  });
});

describe("wrapText", () => {
  it("breaks between words without exceeding the line length", () => {
    expect(wrapText("The Secret Garden of Dreams", 12, 5)).toEqual(["The Secret", "Garden of", "Dreams"]);
  });

  it("splits a word longer than a line, with a hyphen at each break", () => {
    expect(wrapText("Supercalifragilistic", 8, 5)).toEqual(["Superca-", "lifragi-", "listic"]);
    expect(wrapText("abcdefghi", 8, 5)).toEqual(["abcdefg-", "hi"]);
  });

  it("ends with an ellipsis when the text does not fit", () => {
    expect(wrapText("abcdefghi jk", 9, 1)).toEqual(["abcdefgh…"]);
    const lines = wrapText("one two three four five six seven", 9, 2);
    expect(lines).toEqual(["one two", "three…"]);
    expect(lines.every((line) => Array.from(line).length <= 9)).toBe(true);
  });

  it("collapses newlines and runs of spaces", () => {
    expect(wrapText("  A\n\n  tale\tof  two ", 20, 3)).toEqual(["A tale of two"]);
  });

  it("never cuts a character made of two code units in half", () => {
    const lines = wrapText("📚📚📚📚📚", 3, 5);
    expect(lines).toEqual(["📚📚-", "📚📚📚"]);
  });
});

describe("renderCoverSvg", () => {
  it("is the same document for the same input", () => {
    expect(renderCoverSvg(cover)).toBe(renderCoverSvg({ ...cover }));
  });

  it("picks the motif from the slug alone", () => {
    expect(coverMotif("the-secret-garden")).toBe(coverMotif("the-secret-garden"));
    const motifs = new Set(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"].map((slug) => coverMotif(`book-${slug}`)));
    expect(motifs.size).toBeGreaterThan(2);
    const other = renderCoverSvg({ ...cover, slug: "another-book" });
    expect(other).not.toBe(renderCoverSvg(cover));
  });

  it("paints with the chosen palette", () => {
    const svg = renderCoverSvg(cover);
    expect(svg).toContain(`fill="${COVER_PALETTES[3]!.background}"`);
    expect(svg).toContain(`fill="${COVER_PALETTES[3]!.ink}"`);
  });

  it("puts the title in lines and the author in capitals", () => {
    const svg = renderCoverSvg(cover);
    expect(svg).toMatch(/<tspan[^>]*>The Secret<\/tspan><tspan[^>]*>Garden<\/tspan>/);
    expect(svg).toContain(">FRANCES HODGSON BURNETT</tspan>");
    expect(svg).toContain("<title>The Secret Garden by Frances Hodgson Burnett</title>");
  });

  it("escapes hostile text so it stays text", () => {
    const svg = renderCoverSvg({ ...cover, title: `</text><script>alert(1)</script>`, author: `"><svg onload=alert(1)>` });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<svg onload");
    expect(svg).toContain("&lt;script&gt;");
    // Exactly one svg element: the document itself.
    expect(svg.match(/<svg/g)).toHaveLength(1);
  });

  it("omits the author line when there is no author", () => {
    const svg = renderCoverSvg({ ...cover, author: "" });
    expect(svg).toContain("<title>The Secret Garden</title>");
    expect(svg.match(/<text/g)).toHaveLength(1);
  });
});

describe("parseCoverRequest", () => {
  it("reads slug, title, author and palette", () => {
    expect(parseCoverRequest("the-secret-garden.svg", "t=The%20Secret%20Garden&a=F.%20H.%20Burnett&p=11")).toEqual({
      ok: true,
      cover: { slug: "the-secret-garden", title: "The Secret Garden", author: "F. H. Burnett", palette: 11 },
    });
  });

  it("falls back to a title from the slug and a palette from its hash", () => {
    const first = parseCoverRequest("the-secret-garden.svg", "");
    const again = parseCoverRequest("the-secret-garden.svg", "");
    expect(first).toEqual(again);
    expect(first.ok && first.cover.title).toBe("The Secret Garden");
    expect(first.ok && first.cover.palette).toBeGreaterThanOrEqual(0);
    expect(first.ok && first.cover.palette).toBeLessThan(12);
  });

  it("is not found unless the file is <slug>.svg", () => {
    for (const file of ["cover.png", "Bad-Slug.svg", "a--b.svg", "../x.svg", ".svg", `${"a".repeat(COVER_LIMITS.slug + 1)}.svg`]) {
      expect(parseCoverRequest(file, "")).toMatchObject({ ok: false, status: 404 });
    }
  });

  it("refuses oversized text and a palette outside 0-11", () => {
    expect(parseCoverRequest("x.svg", `t=${"a".repeat(COVER_LIMITS.title + 1)}`)).toMatchObject({ ok: false, status: 400, field: "t" });
    expect(parseCoverRequest("x.svg", `a=${"a".repeat(COVER_LIMITS.author + 1)}`)).toMatchObject({ ok: false, status: 400, field: "a" });
    expect(parseCoverRequest("x.svg", `t=${"a".repeat(COVER_LIMITS.query)}`)).toMatchObject({ ok: false, status: 400 });
    for (const p of ["12", "-1", "abc", "1.5", "01", ""]) {
      expect(parseCoverRequest("x.svg", `p=${p}`)).toMatchObject({ ok: false, status: 400, field: "p" });
    }
  });

  it("accepts text right at the limits", () => {
    expect(parseCoverRequest("x.svg", `t=${"a".repeat(COVER_LIMITS.title)}&a=${"b".repeat(COVER_LIMITS.author)}`).ok).toBe(true);
  });
});

describe("COVER_PALETTES", () => {
  // Category tiles set text in these pairs, so each must pass WCAG AA for normal text (4.5:1).
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };

  it("has twelve readable pairs", () => {
    expect(COVER_PALETTES).toHaveLength(12);
    for (const palette of COVER_PALETTES) expect(contrast(palette.background, palette.ink)).toBeGreaterThanOrEqual(4.5);
  });
});
