import { describe, expect, it } from "vitest";
import { currentPage, isInAppLink } from "./in-app-links";

const ORIGIN = "https://shop.example";

/** An anchor as the click handler sees it: its resolved href and origin, target and attributes. */
function anchor(href: string, attributes: Record<string, string> = {}) {
  const url = new URL(href, ORIGIN);
  return {
    href: url.href,
    origin: url.origin,
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name in attributes,
  };
}

describe("links the router follows itself", () => {
  it("are the shop's own links in the same window", () => {
    expect(isInAppLink(anchor("/store/gifts-for-mum"), ORIGIN)).toBe(true);
    expect(isInAppLink(anchor("/store?Sort=newest#top", { target: "_self" }), ORIGIN)).toBe(true);
  });

  it("leave other origins, other windows and downloads to the browser", () => {
    expect(isInAppLink(anchor("https://elsewhere.example/store"), ORIGIN)).toBe(false);
    expect(isInAppLink(anchor("/store", { target: "_blank" }), ORIGIN)).toBe(false);
    expect(isInAppLink(anchor("/successful-order/1/proforma-invoice", { download: "" }), ORIGIN)).toBe(false);
  });
});

describe("the current page's link", () => {
  it("is marked as the page, and only that one", () => {
    expect(currentPage("/store", "/store")).toBe("page");
    expect(currentPage("/store", "/store/gifts-for-mum")).toBeUndefined();
  });
});
