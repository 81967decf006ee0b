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
});
