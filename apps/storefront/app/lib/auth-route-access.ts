import { matchRoutes, type RouteObject } from "react-router";
import { getRouteAccess, type RouteAccess } from "./route-access";

export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

/** The route tree of the build, as matchRoutes reads it, each route carrying its module's handle. */
export function buildRouteTree(entries: Readonly<Record<string, RouteEntry | undefined>>): RouteObject[] {
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const entry of Object.values(entries)) {
    if (!entry) continue;
    const siblings = children.get(entry.parentId) ?? [];
    siblings.push(entry);
    children.set(entry.parentId, siblings);
  }
  const toObjects = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((entry): RouteObject => {
      const shared = { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, handle: entry.module.handle };
      return entry.index ? { ...shared, index: true } : { ...shared, children: toObjects(entry.id) };
    });
  return toObjects(undefined);
}

/**
 * The strictest access flags among the routes a path matches (docs/storefront-behaviour/accounts.md). Read from
 * each matched module's `handle`, else ROUTE_ACCESS_BY_ID, so a screen declares its own access and the
 * root middleware enforces it for every route, including those added later.
 */
export function getAccessForPath(tree: RouteObject[], pathname: string): RouteAccess {
  const matches = matchRoutes(tree, pathname) ?? [];
  let access: RouteAccess = { requiredAuthentication: false, checkIfAllowedForGuest: false };
  for (const match of matches) {
    const own = getRouteAccess({ id: match.route.id ?? "", handle: match.route.handle });
    if (!own.requiredAuthentication) continue;
    // Members-only anywhere in the match is the strictest answer; guest-allowed holds unless one is found.
    if (!own.checkIfAllowedForGuest) return own;
    access = own;
  }
  return access;
}
