import { describe, expect, it } from "vitest";
import { redactUrlForLog } from "./request-log.server";
import { pathHoldsToken, TOKEN_ROUTES } from "./token-paths.server";

describe("the request log's URL", () => {
  it.each([
    ["/auth/reset-password/Zx9_abc-123", "/auth/reset-password/[redacted]"],
    ["/auth/sign-up/complete/e2e-token-0123456789", "/auth/sign-up/complete/[redacted]"],
    ["/auth/invite/complete/abc", "/auth/invite/complete/[redacted]"],
    ["/auth/reset-password/abc.data", "/auth/reset-password/[redacted].data"],
    [
      "/auth/reset-password/abc.data?_routes=routes%2Fauth-reset-password",
      "/auth/reset-password/[redacted].data?_routes=routes%2Fauth-reset-password",
    ],
    ["/auth/invite/complete/abc?next=%2Faccount", "/auth/invite/complete/[redacted]?next=%2Faccount"],
    ["/order-status/41.1790000000.AbC_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFG", "/order-status/[redacted]"],
    ["/order-status/41.1790000000.AbC_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFG.data", "/order-status/[redacted].data"],
    ["/order-status/proforma-invoice/41.1790000000.AbC_-0123456789abcdefghij", "/order-status/proforma-invoice/[redacted]"],
  ])("hides the emailed token of %s", (url, logged) => {
    expect(redactUrlForLog(url)).toBe(logged);
  });

  it.each([
    ["/baskets?anonymousId=5f0c6a7e-1b2c-4d3e-8f90-a1b2c3d4e5f6", "/baskets?anonymousId=[redacted]"],
    ["/x?token=abc", "/x?token=[redacted]"],
    ["/x?AnonymousId=1", "/x?AnonymousId=[redacted]"],
    ["/x?anonymous%49d=1", "/x?anonymous%49d=[redacted]"],
    ["/x?email=ada%40example.test&page=2", "/x?email=[redacted]&page=2"],
    ["/x?session=s&apiKey=k&password=p&code=c", "/x?session=[redacted]&apiKey=[redacted]&password=[redacted]&code=[redacted]"],
    ["/x?ref=5f0c6a7e-1b2c-4d3e-8f90-a1b2c3d4e5f6", "/x?ref=[redacted]"],
    ["/x?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "/x?t=[redacted]"],
    ["/x?c=Zx9abcdEFGH1234567890_-", "/x?c=[redacted]"],
    ["/x?who=ada@example.test", "/x?who=[redacted]"],
    ["/search?q=pregnancy%20test&page=2", "/search?q=[redacted]&page=2"],
    ["/search/suggestions.data?Q=ada", "/search/suggestions.data?Q=[redacted]"],
  ])("hides the secret or id-like query values of %s", (url, logged) => {
    expect(redactUrlForLog(url)).toBe(logged);
  });

  it.each([
    "/",
    "/store/gift-books-for-her?format=hardback&format=paperback&min=10&max=20.50&sort=price-asc&page=2",
    "/store/product/the-secret-garden-clothbound",
    "/media/covers/12.svg?t=The%20Hobbit&p=3",
    "/search?sort=price-asc",
    "/store/%E0%A4%A",
    "/x?flag&y=%E0%A4%A",
  ])("leaves %s as it was", (url) => {
    expect(redactUrlForLog(url)).toBe(url);
  });
});

describe("the routes whose token the log hides", () => {
  it("are every route of routes.ts with a :token in its path", async () => {
    const { default: routes } = await import("~/routes");
    type Entry = { path?: string; children?: Entry[] };
    const paths = (entries: Entry[], parent = ""): string[] =>
      entries.flatMap((entry) => {
        const path = [parent, entry.path].filter(Boolean).join("/");
        return [path, ...paths(entry.children ?? [], path)];
      });
    const tokenRoutes = paths(routes as Entry[]).filter((path) => path.split("/").includes(":token"));
    expect(tokenRoutes.length).toBeGreaterThan(0);
    expect([...TOKEN_ROUTES].sort()).toEqual([...new Set(tokenRoutes)].sort());
  });

  it("are the addresses that load no tag manager: pages and data requests, not their neighbours", () => {
    expect(pathHoldsToken("/order-status/41.1790000000.AbC_-0123")).toBe(true);
    expect(pathHoldsToken("/order-status/41.1790000000.AbC_-0123.data")).toBe(true);
    expect(pathHoldsToken("/order-status/proforma-invoice/41.1790000000.AbC")).toBe(true);
    expect(pathHoldsToken("/auth/reset-password/Zx9_abc-123")).toBe(true);
    expect(pathHoldsToken("/find-my-order")).toBe(false);
    expect(pathHoldsToken("/auth/reset-password")).toBe(false);
    expect(pathHoldsToken("/store/product/a-book")).toBe(false);
  });

  it("hide the token of a back-in-stock confirmation link", () => {
    expect(redactUrlForLog("/notifications/back-in-stock/confirm/abc123")).toBe("/notifications/back-in-stock/confirm/[redacted]");
  });
});
