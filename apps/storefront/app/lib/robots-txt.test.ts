import { describe, expect, it } from "vitest";
import { buildRobotsTxt } from "./robots-txt";

/** RFC 9309 matching, as far as robots.txt uses it here: longest rule wins, `$` anchors the end, Allow wins ties. */
function isAllowed(robots: string, path: string): boolean {
  const rules = robots
    .split("\n")
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, kind, pattern]) => ({ allow: kind === "Allow", pattern: pattern! }));
  const matching = rules.filter(({ pattern }) => (pattern.endsWith("$") ? path === pattern.slice(0, -1) : path.startsWith(pattern)));
  matching.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow));
  return matching[0]?.allow ?? true;
}

describe("robots.txt", () => {
  const robots = buildRobotsTxt("https://shop.example");

  it("points at the sitemap with the storefront's absolute URL", () => {
    expect(robots).toContain("\nSitemap: https://shop.example/sitemap.xml\n");
  });

  it("lets crawlers into the shop and its pages", () => {
    for (const path of ["/", "/store", "/store/gift-books-for-her", "/store/product/a-book", "/about-us", "/authors", "/cartography"]) {
      expect(isAllowed(robots, path), path).toBe(true);
    }
  });

  it("keeps them out of the shopper's own areas", () => {
    for (const path of [
      "/account/orders",
      "/checkout",
      "/cart",
      "/cart/add",
      "/auth/login",
      "/auth/reset-password/x",
      "/favorites",
      "/favorites/3",
    ]) {
      expect(isAllowed(robots, path), path).toBe(false);
    }
  });
});
