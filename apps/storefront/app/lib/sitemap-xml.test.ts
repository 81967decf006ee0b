import { describe, expect, it } from "vitest";
import { absoluteUrl, buildSitemapIndex, buildUrlSet, escapeXml, MAX_URLS_PER_SITEMAP, xmlResponse } from "./sitemap-xml";

describe("sitemap XML", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("builds a urlset with escaped locations and normalised lastmod dates", () => {
    const xml = buildUrlSet([
      { loc: "https://shop.test/store?a=1&b=2", lastmod: "2025-06-02T08:30:00.000Z" },
      { loc: "https://shop.test/about", lastmod: "not a date" },
      { loc: "https://shop.test/faq" },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(xml).toContain("<url><loc>https://shop.test/store?a=1&amp;b=2</loc><lastmod>2025-06-02T08:30:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://shop.test/about</loc></url>");
    expect(xml).toContain("<url><loc>https://shop.test/faq</loc></url>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("refuses more URLs than one sitemap file may hold", () => {
    const entries = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, index) => ({ loc: `https://shop.test/p/${index}` }));
    expect(() => buildUrlSet(entries)).toThrow(RangeError);
    expect(() => buildUrlSet(entries.slice(0, MAX_URLS_PER_SITEMAP))).not.toThrow();
  });

  it("builds a sitemap index", () => {
    const xml = buildSitemapIndex([
      { loc: "https://shop.test/index-sitemap.xml" },
      { loc: "https://shop.test/en-GB-sitemap.xml?after=50000" },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<sitemap><loc>https://shop.test/index-sitemap.xml</loc></sitemap>");
    expect(xml).toContain("<sitemap><loc>https://shop.test/en-GB-sitemap.xml?after=50000</loc></sitemap>");
  });

  it("answers with the XML content type", async () => {
    const response = xmlResponse("<x/>");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toBe("<x/>");
  });

  it("makes absolute URLs from the request's origin", () => {
    expect(absoluteUrl(new Request("https://books.example:8443/sitemap.xml?x=1"), "/store/product/a")).toBe(
      "https://books.example:8443/store/product/a",
    );
  });
});
