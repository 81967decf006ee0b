import { describe, expect, it } from "vitest";
import { decideApiFailure } from "./api-failure";

const at = (pathname: string, search = "") => ({ pathname, search });
const error = (code: string, message = `message of ${code}`) => ({ code, message });

describe("what a failed API call leads to", () => {
  it("signs out on a 401 and returns to the page after signing in", () => {
    expect(decideApiFailure({ status: 401, errors: [error("token_invalid")] }, at("/account/orders", "?page=2"))).toEqual({
      kind: "sign-out",
      location: "/auth/login?redirect_url=%2Faccount%2Forders%3Fpage%3D2",
    });
    expect(decideApiFailure({ status: 401, errors: [error("authentication_required")] }, at("/"))).toEqual({
      kind: "sign-out",
      location: "/auth/login",
    });
  });

  it("sends a password_change_required failure to the settings page, with any status", () => {
    for (const status of [403, 400, 401]) {
      expect(decideApiFailure({ status, errors: [error("password_change_required")] }, at("/cart"))).toEqual({
        kind: "redirect",
        location: "/account/settings?message=password_change_required",
      });
    }
  });

  it("does not redirect a password_change_required failure already on the settings page", () => {
    expect(
      decideApiFailure({ status: 403, errors: [error("password_change_required", "Choose a new password")] }, at("/account/settings")),
    ).toEqual({
      kind: "toast",
      message: "Choose a new password",
    });
  });

  it("sends any other 403 to the privacy policy, returning to the page after acceptance", () => {
    expect(decideApiFailure({ status: 403, errors: [error("privacy_policy_not_accepted")] }, at("/favorites/3"))).toEqual({
      kind: "redirect",
      location: "/privacy-policy?redirect_url=%2Ffavorites%2F3",
    });
    expect(decideApiFailure({ status: 403, errors: [error("forbidden")] }, at("/privacy-policy"))).toMatchObject({ kind: "toast" });
  });

  it("shows the first error of anything else as a toast", () => {
    const outcome = decideApiFailure(
      { status: 409, errors: [error("out_of_stock", "Only 2 left"), error("other", "Second")] },
      at("/cart"),
    );
    expect(outcome).toEqual({ kind: "toast", message: "Only 2 left" });
    expect(decideApiFailure({ status: 500, errors: [] }, at("/"))).toMatchObject({ kind: "toast" });
  });
});
