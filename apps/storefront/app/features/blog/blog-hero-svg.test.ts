import { describe, expect, it } from "vitest";
import { parseBlogHeroFile, renderBlogHeroSvg } from "./blog-hero-svg";

describe("a blog post's hero picture", () => {
  it("is the same picture for the same slug, and another for another", () => {
    expect(renderBlogHeroSvg("how-we-wrap")).toBe(renderBlogHeroSvg("how-we-wrap"));
    expect(renderBlogHeroSvg("how-we-wrap")).not.toBe(renderBlogHeroSvg("gifts-for-walkers"));
    expect(renderBlogHeroSvg("how-we-wrap")).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1200 630"/);
  });

  it("takes only <slug>.svg", () => {
    expect(parseBlogHeroFile("how-we-wrap.svg")).toBe("how-we-wrap");
    expect(parseBlogHeroFile("how-we-wrap.png")).toBeNull();
    expect(parseBlogHeroFile("../etc.svg")).toBeNull();
    expect(parseBlogHeroFile("Not-A-Slug.svg")).toBeNull();
    expect(parseBlogHeroFile(undefined)).toBeNull();
  });
});
