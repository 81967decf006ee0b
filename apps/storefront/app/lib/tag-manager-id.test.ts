import { describe, expect, it } from "vitest";
import { InvalidTagManagerIdError, parseTagManagerId, suggestTagManagerId } from "~/lib/tag-manager-id";

describe("the tag manager's container id", () => {
  it("takes GTM- followed by uppercase letters or digits", () => {
    expect(parseTagManagerId("GTM-AB12")).toBe("GTM-AB12");
    expect(parseTagManagerId("GTM-5XK9Q2")).toBe("GTM-5XK9Q2");
  });

  it.each([
    ["gtm-ab12", "GTM-AB12"],
    ["GTM-ab12", "GTM-AB12"],
    ["AB12", "GTM-AB12"],
    ["GTM_AB12", "GTM-AB12"],
    [" GTM-AB 12 ", "GTM-AB12"],
    ["GTMAB12", "GTM-AB12"],
  ])("refuses %j and suggests %j", (value, suggestion) => {
    expect(() => parseTagManagerId(value)).toThrow(InvalidTagManagerIdError);
    try {
      parseTagManagerId(value);
    } catch (error) {
      expect((error as InvalidTagManagerIdError).suggestion).toBe(suggestion);
      expect((error as Error).message).toContain(`Did you mean "${suggestion}"?`);
    }
  });

  it("refuses an id with nothing to suggest, and says what an id looks like", () => {
    expect(suggestTagManagerId("GTM-")).toBeNull();
    expect(() => parseTagManagerId("--")).toThrow('Invalid tag-manager ID "--": it must be GTM- followed by uppercase letters or digits.');
  });
});
