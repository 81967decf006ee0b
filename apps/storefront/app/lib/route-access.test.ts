import { describe, expect, it } from "vitest";
import { getRouteAccess, mustSignIn, ROUTE_ACCESS_BY_ID } from "./route-access";

describe("route access", () => {
  it("marks account and favourites routes members-only and checkout guest-allowed", () => {
    for (const id of ["account-orders", "account-order", "account-addresses", "account-settings", "favorites", "favorites-detail"]) {
      expect(getRouteAccess({ id }), id).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: false });
    }
    expect(getRouteAccess({ id: "checkout" })).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: true });
  });

  it("leaves other routes open", () => {
    for (const id of ["cart", "search", "auth-login", "blog-list", "routes/home"]) {
      expect(getRouteAccess({ id }), id).toEqual({ requiredAuthentication: false, checkIfAllowedForGuest: false });
    }
  });

  it("prefers a module's own handle over the map", () => {
    expect(getRouteAccess({ id: "account-orders", handle: { requiredAuthentication: false } })).toEqual({
      requiredAuthentication: false,
      checkIfAllowedForGuest: false,
    });
    expect(getRouteAccess({ id: "routes/x", handle: { requiredAuthentication: true, checkIfAllowedForGuest: true } })).toEqual({
      requiredAuthentication: true,
      checkIfAllowedForGuest: true,
    });
  });

  it("ignores a handle that declares no access flags", () => {
    expect(getRouteAccess({ id: "checkout", handle: { breadcrumb: "Checkout" } })).toEqual(ROUTE_ACCESS_BY_ID.checkout);
  });
});

describe("mustSignIn", () => {
  const members = { requiredAuthentication: true, checkIfAllowedForGuest: false };
  const guests = { requiredAuthentication: true, checkIfAllowedForGuest: true };
  const open = { requiredAuthentication: false, checkIfAllowedForGuest: false };

  it("sends anonymous visitors of members-only routes to sign in", () => {
    expect(mustSignIn(members, { isSignedIn: false, policy: "AllowedUnauthorizedCheckout" })).toBe(true);
    expect(mustSignIn(members, { isSignedIn: true, policy: "None" })).toBe(false);
  });

  it("lets guests through guest-allowed routes only when the store allows anonymous checkout", () => {
    expect(mustSignIn(guests, { isSignedIn: false, policy: "AllowedUnauthorizedCheckout" })).toBe(false);
    expect(mustSignIn(guests, { isSignedIn: false, policy: "None" })).toBe(true);
    expect(mustSignIn(guests, { isSignedIn: false, policy: "HiddenPricesForUnauthorized" })).toBe(true);
  });

  it("never stops anyone on an open route", () => {
    expect(mustSignIn(open, { isSignedIn: false, policy: "HiddenForUnauthorized" })).toBe(false);
  });
});
