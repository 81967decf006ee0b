import type { AnonymousCustomerProductPolicy } from "@quire/contracts";

/**
 * Route metadata: whether a route needs a signed-in customer, and whether a guest may use it anyway
 * (docs/storefront-behaviour/accounts.md). A route module declares it as `export const handle: RouteHandle`, or is
 * listed in ROUTE_ACCESS_BY_ID by its route id.
 */
export interface RouteHandle {
  requiredAuthentication?: boolean;
  /** With requiredAuthentication: skip the sign-in check when the store allows anonymous checkout. */
  checkIfAllowedForGuest?: boolean;
}

export interface RouteAccess {
  requiredAuthentication: boolean;
  checkIfAllowedForGuest: boolean;
}

const OPEN: RouteAccess = { requiredAuthentication: false, checkIfAllowedForGuest: false };
const MEMBERS_ONLY: RouteAccess = { requiredAuthentication: true, checkIfAllowedForGuest: false };
const GUESTS_ALLOWED: RouteAccess = { requiredAuthentication: true, checkIfAllowedForGuest: true };

/** Account and favourites need a signed-in customer; checkout allows guests when the store does. */
export const ROUTE_ACCESS_BY_ID: Readonly<Record<string, RouteAccess>> = {
  "account-addresses": MEMBERS_ONLY,
  "account-credit-limit": MEMBERS_ONLY,
  "account-orders": MEMBERS_ONLY,
  "account-order": MEMBERS_ONLY,
  "account-returns": MEMBERS_ONLY,
  "account-return": MEMBERS_ONLY,
  "account-settings": MEMBERS_ONLY,
  favorites: MEMBERS_ONLY,
  "favorites-detail": MEMBERS_ONLY,
  checkout: GUESTS_ALLOWED,
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && ("requiredAuthentication" in handle || "checkIfAllowedForGuest" in handle);
}

/** The access flags of a matched route: its module's handle when it declares them, else the map by id. */
export function getRouteAccess(match: { id: string; handle?: unknown }): RouteAccess {
  if (isRouteHandle(match.handle)) {
    return {
      requiredAuthentication: match.handle.requiredAuthentication ?? false,
      checkIfAllowedForGuest: match.handle.checkIfAllowedForGuest ?? false,
    };
  }
  return ROUTE_ACCESS_BY_ID[match.id] ?? OPEN;
}

/**
 * Whether a visitor must be sent to /auth/login: the route needs authentication, nobody
 * is signed in, and it is not a guest-allowed route in a store that allows anonymous checkout.
 */
export function mustSignIn(access: RouteAccess, visitor: { isSignedIn: boolean; policy: AnonymousCustomerProductPolicy }): boolean {
  if (!access.requiredAuthentication || visitor.isSignedIn) return false;
  return !(access.checkIfAllowedForGuest && visitor.policy === "AllowedUnauthorizedCheckout");
}
