import type { RouteObject } from "react-router";
import { routes as buildRoutes } from "virtual:react-router/server-build";
import { buildRouteTree, getAccessForPath, type RouteEntry } from "./auth-route-access";
import type { RouteAccess } from "./route-access";

let tree: RouteObject[] | undefined;

/** Access flags of the page at `pathname`, from the running build's routes. */
export function getPageAccess(pathname: string): RouteAccess {
  // Built on first use: this module and the server build import each other, so it cannot run at load time.
  tree ??= buildRouteTree(buildRoutes as Readonly<Record<string, RouteEntry | undefined>>);
  return getAccessForPath(tree, pathname);
}
