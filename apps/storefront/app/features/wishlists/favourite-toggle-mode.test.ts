import { describe, expect, it } from "vitest";
import { getFavouriteToggleMode } from "./favourite-toggle-mode";

const favourites = (variantIds: number[]) => ({ lists: [], variantIds });

describe("getFavouriteToggleMode", () => {
  it("sends an anonymous visitor to sign in", () => {
    expect(getFavouriteToggleMode({ signedIn: false, favourites: null, variantId: 7, removing: false })).toBe("sign-in");
  });

  it("sends a signed-in customer without loaded favourites (privacy policy pending) through the page flow, not to sign in", () => {
    expect(getFavouriteToggleMode({ signedIn: true, favourites: null, variantId: 7, removing: false })).toBe("resolve-first");
  });

  it("shows a saved variant as saved, and as not saved while its removal is on its way", () => {
    expect(getFavouriteToggleMode({ signedIn: true, favourites: favourites([3, 7]), variantId: 7, removing: false })).toBe("saved");
    expect(getFavouriteToggleMode({ signedIn: true, favourites: favourites([3, 7]), variantId: 7, removing: true })).toBe("not-saved");
  });

  it("shows a variant in no list as not saved", () => {
    expect(getFavouriteToggleMode({ signedIn: true, favourites: favourites([3]), variantId: 7, removing: false })).toBe("not-saved");
    expect(getFavouriteToggleMode({ signedIn: true, favourites: favourites([]), variantId: 7, removing: false })).toBe("not-saved");
  });
});
