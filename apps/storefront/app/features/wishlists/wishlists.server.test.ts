import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api.server";
import { failureToast } from "./wishlists.server";

describe("failureToast", () => {
  it("shows the first item of the API's errors list", () => {
    const error = new ApiRequestError(409, [
      { code: "wishlist_name_taken", message: "You already have a list called Birthdays", field: "name" },
      { code: "wishlist_limit_reached", message: "A second problem" },
    ]);
    expect(failureToast(error)).toEqual({ kind: "error", message: "You already have a list called Birthdays" });
  });

  it("leaves 401 and 403 to the central sign-in and privacy-policy rules", () => {
    for (const status of [401, 403]) {
      const error = new ApiRequestError(status, [{ code: "authentication_required", message: "Sign in" }]);
      expect(() => failureToast(error)).toThrow(error);
    }
  });

  it("rethrows what is not an API answer: a redirect already decided, or a bug", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/auth/login" } });
    expect(() => failureToast(redirect)).toThrow();
    const bug = new TypeError("undefined is not a function");
    expect(() => failureToast(bug)).toThrow(bug);
  });
});
