import type { RouteObject } from "react-router";
import { routes as buildRoutes } from "virtual:react-router/server-build";
import { buildRouteTree, getAccessForPath, type RouteEntry } from "./auth-route-access";
import type { RouteAccess } from "./route-access";

let tree: RouteObject[] | undefined;
/**
 * Access by route pattern (`/store/product/:product`), as React Router gives it to middleware. One pattern is
 * one chain of matched routes, so its access is worked out once: matching a path against the whole tree
 * flattens and ranks every route again, which cost each page 0.6 ms of CPU. Bounded by the number of routes.
 */
const accessByPattern = new Map<string, RouteAccess>();

/** Access flags of the page at `pathname`, whose matched routes React Router gave as `pattern`, from the build's routes. */
export function getPageAccess(pathname: string, pattern?: string): RouteAccess {
  const known = pattern === undefined ? undefined : accessByPattern.get(pattern);
  if (known) return known;
  // Built on first use: this module and the server build import each other, so it cannot run at load time.
  tree ??= buildRouteTree(buildRoutes as Readonly<Record<string, RouteEntry | undefined>>);
  const access = getAccessForPath(tree, pathname);
  if (pattern !== undefined) accessByPattern.set(pattern, access);
  return access;
}
