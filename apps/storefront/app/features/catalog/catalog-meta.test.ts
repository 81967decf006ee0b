import { describe, expect, it } from "vitest";
import { canonicalListingUrl, catalogMeta, summarise } from "./catalog-meta";

describe("summarise", () => {
  it("keeps short text", () => {
    expect(summarise("  A walled\n garden. ")).toBe("A walled garden.");
  });

  it("cuts long text at a word and marks the cut", () => {
    const text = "word ".repeat(60);
    const result = summarise(text, 50);
    expect(result.length).toBeLessThanOrEqual(50);
    expect(result.endsWith("word…")).toBe(true);
  });
});

describe("canonicalListingUrl", () => {
  it("drops filters and sort but keeps the page", () => {
    expect(canonicalListingUrl(new URL("https://shop.example/store/gifts?format=hardback&sort=newest&page=2"), 2)).toBe(
      "https://shop.example/store/gifts?page=2",
    );
    expect(canonicalListingUrl(new URL("https://shop.example/store/gifts?format=hardback"), 1)).toBe("https://shop.example/store/gifts");
  });
});

describe("catalogMeta", () => {
  it("titles the page with the store name and links the canonical URL", () => {
    const meta = catalogMeta({
      title: "Gifts",
      storeName: "Quire",
      description: "Books to give.",
      canonical: "https://shop.example/store/gifts",
    });
    expect(meta).toContainEqual({ title: "Gifts | Quire" });
    expect(meta).toContainEqual({ name: "description", content: "Books to give." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/store/gifts" });
  });

  const product = {
    title: "Emma by Jane Austen",
    storeName: "Quire",
    description: "word ".repeat(80),
    canonical: "https://shop.example/store/product/emma",
    type: "product" as const,
  };

  it("uses the merchant's SEO title and description, whole, for the title, description and Open Graph tags", () => {
    const seoDescription = `${"Matchmaking in Highbury. ".repeat(12)}`.trim();
    expect(seoDescription.length).toBeGreaterThan(160);
    const meta = catalogMeta({ ...product, seo: { title: "Emma: Austen's comic novel", description: seoDescription } });
    expect(meta).toContainEqual({ title: "Emma: Austen's comic novel | Quire" });
    expect(meta).toContainEqual({ property: "og:title", content: "Emma: Austen's comic novel" });
    expect(meta).toContainEqual({ name: "description", content: seoDescription });
    expect(meta).toContainEqual({ property: "og:description", content: seoDescription });
  });

  it("does not name the store twice when the SEO title names it", () => {
    expect(catalogMeta({ ...product, seo: { title: "Emma at Quire", description: "" } })).toContainEqual({ title: "Emma at Quire" });
  });

  it("falls back to the page's own title and cut description when the SEO fields are empty", () => {
    const meta = catalogMeta({ ...product, seo: { title: "", description: "" } });
    expect(meta).toContainEqual({ title: "Emma by Jane Austen | Quire" });
    expect(meta).toContainEqual({ property: "og:title", content: "Emma by Jane Austen" });
    expect(meta).toContainEqual({ name: "description", content: summarise(product.description) });
  });
});
