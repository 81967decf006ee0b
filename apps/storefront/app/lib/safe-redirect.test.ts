import { describe, expect, it } from "vitest";
import { getSafeRedirectPath, getSameOriginRefererPath } from "./safe-redirect";

describe("getSafeRedirectPath", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(getSafeRedirectPath("/store/trending?Sort=newest&PageNumber=2#top")).toBe("/store/trending?Sort=newest&PageNumber=2#top");
  });

  it.each([
    ["an absolute URL", "https://evil.example/phish"],
    ["a protocol-relative URL", "//evil.example/phish"],
    ["a backslash trick", "/\\evil.example"],
    ["an escaped backslash trick", "/\\/evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "store"],
    ["a control character", "/store\n//evil.example"],
    ["a tab before slashes", "/\t/evil.example"],
    ["an empty string", ""],
    ["a very long value", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_name, value) => {
    expect(getSafeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("refuses values that are not strings", () => {
    expect(getSafeRedirectPath(null)).toBe("/");
    expect(getSafeRedirectPath(undefined)).toBe("/");
    expect(getSafeRedirectPath(42)).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(getSafeRedirectPath("/store/../about")).toBe("/about");
    expect(getSafeRedirectPath("/../../etc")).toBe("/etc");
  });
});

describe("getSameOriginRefererPath", () => {
  const request = (referer?: string) =>
    new Request("http://shop.test/preferences", { method: "POST", headers: referer ? { Referer: referer } : {} });

  it("gives the path of a same-origin Referer", () => {
    expect(getSameOriginRefererPath(request("http://shop.test/store?Sort=newest"))).toBe("/store?Sort=newest");
  });

  it("ignores a Referer from another origin, or none", () => {
    expect(getSameOriginRefererPath(request("https://evil.example/store"))).toBeUndefined();
    expect(getSameOriginRefererPath(request())).toBeUndefined();
    expect(getSameOriginRefererPath(request("not a url"))).toBeUndefined();
  });
});
