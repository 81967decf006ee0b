import { beforeAll, describe, expect, it, vi } from "vitest";

// Its own copy of the translator, which warns once per missing key in a process: a unit worker may have run
// another file that asked for the same keys.
let getErrorPageTexts: typeof import("./error-page-texts").getErrorPageTexts;
beforeAll(async () => {
  vi.resetModules();
  ({ getErrorPageTexts } = await import("./error-page-texts"));
});

describe("getErrorPageTexts", () => {
  it("names the missing path on a 404 and offers the shop", () => {
    expect(getErrorPageTexts(404, "/store/no-such-thing")).toEqual({
      status: 404,
      title: "We couldn't find that page",
      description: "Page Not Found: /store/no-such-thing",
      actionLabel: "Browse the shop",
      actionHref: "/store",
    });
  });

  it("sends a 500 back to the home page", () => {
    const texts = getErrorPageTexts(500, "/about");
    expect(texts.actionHref).toBe("/");
    expect(texts.title).toBe("Something went wrong on our side");
  });

  it("uses error.{status}_* keys where they exist, and sends every status but 500 to /store", () => {
    const texts = getErrorPageTexts(403, "/account/orders");
    expect(texts.title).toBe("You can't open this page");
    expect(texts.actionHref).toBe("/store");
  });

  it("says the shop will be back shortly on a 503 (the API or its database away), and offers /store, as for every status but 500", () => {
    expect(getErrorPageTexts(503, "/store")).toEqual({
      status: 503,
      title: "We'll be back shortly",
      description: "We will be open again in a moment. Your basket is safe.",
      actionLabel: "Go to the shop",
      actionHref: "/store",
    });
  });

  it("falls back to the generic texts for a status without its own, with a warning naming the missing key", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(getErrorPageTexts(418, "/teapot")).toEqual({
      status: 418,
      title: "Something went wrong",
      description: "We couldn't show this page. Please try again, or carry on browsing the shop.",
      actionLabel: "Go to the shop",
      actionHref: "/store",
    });
    expect(getErrorPageTexts(502, "/").actionHref).toBe("/store");
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(
      expect.arrayContaining([expect.stringContaining('"error.418_title"'), expect.stringContaining('"error.502_desc"')]),
    );
    warn.mockRestore();
  });
});
