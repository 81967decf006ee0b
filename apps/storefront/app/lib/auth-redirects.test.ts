import { describe, expect, it } from "vitest";
import {
  getCustomerDetour,
  getReturnPath,
  isCustomerBlocked,
  pageLocationOf,
  signedInDestination,
  signInLocation,
  withReturnTo,
} from "./auth-redirects";

describe("the page a request is about", () => {
  it("is the page itself for a document request", () => {
    expect(pageLocationOf(new URL("http://shop.test/store/gift-books?page=2"))).toEqual({
      pathname: "/store/gift-books",
      search: "?page=2",
    });
  });

  it("drops the .data suffix and the _routes parameter of a client-side data request", () => {
    expect(pageLocationOf(new URL("http://shop.test/account/orders.data?_routes=root%2Caccount-orders"))).toEqual({
      pathname: "/account/orders",
      search: "",
    });
    expect(pageLocationOf(new URL("http://shop.test/_root.data"))).toEqual({ pathname: "/", search: "" });
    expect(pageLocationOf(new URL("http://shop.test/cart.data?index&x=1"))).toEqual({ pathname: "/cart", search: "?index=&x=1" });
  });
});

describe("returning after sign-in", () => {
  it("names the page to come back to, except home, which is the default", () => {
    expect(signInLocation({ pathname: "/favorites", search: "" })).toBe("/auth/login?redirect_url=%2Ffavorites");
    expect(signInLocation({ pathname: "/", search: "" })).toBe("/auth/login");
    expect(signInLocation({ pathname: "/", search: "?q=1" })).toBe("/auth/login?redirect_url=%2F%3Fq%3D1");
  });

  it("never points back at an auth page, but keeps where that page was heading", () => {
    expect(signInLocation({ pathname: "/auth/login", search: "?redirect_url=%2Fcart" })).toBe("/auth/login?redirect_url=%2Fcart");
    expect(signInLocation({ pathname: "/auth/register", search: "" })).toBe("/auth/login");
    expect(withReturnTo("/auth/login", { pathname: "/privacy-policy", search: "?redirect_url=%2Fcheckout" })).toBe(
      "/auth/login?redirect_url=%2Fcheckout",
    );
  });

  it("accepts only same-site paths from redirect_url (no open redirect), else home", () => {
    expect(getReturnPath(new URL("http://shop.test/auth/login?redirect_url=%2Faccount%2Forders%3Fx%3D1"))).toBe("/account/orders?x=1");
    expect(getReturnPath(new URL("http://shop.test/auth/login"))).toBe("/");
    expect(getReturnPath(new URL("http://shop.test/auth/login?redirect_url=https%3A%2F%2Fevil.example%2F"))).toBe("/");
    expect(getReturnPath(new URL("http://shop.test/auth/login?redirect_url=%2F%2Fevil.example"))).toBe("/");
  });

  it("goes to the forced password change first, then the privacy policy, else the page asked for", () => {
    expect(signedInDestination({ passwordChangeRequired: true, needsAcceptPrivacyPolicy: true }, "/cart")).toBe(
      "/account/settings?message=password_change_required",
    );
    expect(signedInDestination({ passwordChangeRequired: false, needsAcceptPrivacyPolicy: true }, "/cart?x=1")).toBe(
      "/privacy-policy?redirect_url=%2Fcart%3Fx%3D1",
    );
    expect(signedInDestination({ passwordChangeRequired: false, needsAcceptPrivacyPolicy: true }, "/")).toBe("/privacy-policy");
    expect(signedInDestination({ passwordChangeRequired: false, needsAcceptPrivacyPolicy: false }, "/cart")).toBe("/cart");
  });
});

describe("a blocked customer's detour", () => {
  const fine = { passwordChangeRequired: false, needsAcceptPrivacyPolicy: false };
  const at = (pathname: string, search = "") => ({ pathname, search });

  it("leaves a customer in good standing where they are", () => {
    expect(isCustomerBlocked(fine)).toBe(false);
    expect(getCustomerDetour(fine, at("/cart"))).toBeNull();
  });

  it("sends a forced password change to the settings page, ahead of the privacy policy", () => {
    const both = { passwordChangeRequired: true, needsAcceptPrivacyPolicy: true };
    expect(isCustomerBlocked(both)).toBe(true);
    expect(getCustomerDetour(both, at("/store"))).toBe("/account/settings?message=password_change_required");
    expect(getCustomerDetour(both, at("/privacy-policy"))).toBe("/account/settings?message=password_change_required");
    expect(getCustomerDetour(both, at("/account/settings", "?message=password_change_required"))).toBeNull();
  });

  it("sends a pending privacy policy to /privacy-policy, returning to the page afterwards", () => {
    const pending = { passwordChangeRequired: false, needsAcceptPrivacyPolicy: true };
    expect(getCustomerDetour(pending, at("/favorites"))).toBe("/privacy-policy?redirect_url=%2Ffavorites");
    expect(getCustomerDetour(pending, at("/"))).toBe("/privacy-policy");
    expect(getCustomerDetour(pending, at("/privacy-policy", "?redirect_url=%2Ffavorites"))).toBeNull();
  });
});
