import { describe, expect, it } from "vitest";
import { buildRouteTree, getAccessForPath, type RouteEntry } from "./auth-route-access";

/** A build's routes as React Router lays them out: flat, each naming its parent. */
const entries: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: {} },
  "layouts/default-layout": { id: "layouts/default-layout", parentId: "root", module: {} },
  "routes/home": { id: "routes/home", parentId: "layouts/default-layout", index: true, module: {} },
  "account-orders": { id: "account-orders", parentId: "layouts/default-layout", path: "account/orders", module: {} },
  "routes/favorites": {
    id: "routes/favorites",
    parentId: "layouts/default-layout",
    path: "favorites",
    module: { handle: { requiredAuthentication: true } },
  },
  "routes/favorite": {
    id: "routes/favorite",
    parentId: "layouts/default-layout",
    path: "favorites/:id",
    module: { handle: { requiredAuthentication: true } },
  },
  "routes/cart": { id: "routes/cart", parentId: "layouts/default-layout", path: "cart", module: { handle: { breadcrumb: "Basket" } } },
  "layouts/checkout-layout": { id: "layouts/checkout-layout", parentId: "root", module: {} },
  checkout: { id: "checkout", parentId: "layouts/checkout-layout", path: "checkout", module: {} },
  "routes/not-found": { id: "routes/not-found", parentId: "layouts/default-layout", path: "*", module: {} },
};
const tree = buildRouteTree(entries);

describe("route access from the build's routes", () => {
  it("reads the access a module's handle declares", () => {
    expect(getAccessForPath(tree, "/favorites")).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: false });
    expect(getAccessForPath(tree, "/favorites/12")).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: false });
  });

  it("falls back to the map by route id", () => {
    expect(getAccessForPath(tree, "/account/orders")).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: false });
    expect(getAccessForPath(tree, "/checkout")).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: true });
  });

  it("leaves open routes, handles without flags and unmatched paths open", () => {
    for (const path of ["/", "/cart", "/no/such/page"]) {
      expect(getAccessForPath(tree, path), path).toEqual({ requiredAuthentication: false, checkIfAllowedForGuest: false });
    }
  });

  it("lets a members-only parent outrank a guest-allowed child", () => {
    const nested = buildRouteTree({
      root: { id: "root", path: "", module: {} },
      members: { id: "members", parentId: "root", path: "members", module: { handle: { requiredAuthentication: true } } },
      guests: {
        id: "guests",
        parentId: "members",
        path: "guests",
        module: { handle: { requiredAuthentication: true, checkIfAllowedForGuest: true } },
      },
    });
    expect(getAccessForPath(nested, "/members/guests")).toEqual({ requiredAuthentication: true, checkIfAllowedForGuest: false });
  });
});
