import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { PAGE_VIEW_EXCLUDED_ROUTES, pushToDataLayer, routeNameOf, startTracking } from "./data-layer";

const SCRIPT_ID = "tag-manager";

/**
 * Loads the tag manager and reports page views; the root renders it (and the browser fetches this module) only
 * when the root loader says tracking is on (analytics consent and a configured container id). Renders nothing. The script is added by this effect rather than written
 * into the HTML: its origin is allowed by this page's Content-Security-Policy (server.mjs) exactly when the
 * loader said so, and a page without JavaScript runs no tag manager anyway.
 */
export default function Analytics({ scriptUrl }: { scriptUrl: string }) {
  const location = useLocation();
  const matches = useMatches();
  const routeId = matches.at(-1)?.id ?? "";

  useEffect(() => {
    startTracking();
    if (document.getElementById(SCRIPT_ID)) return;
    pushToDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = scriptUrl;
    document.head.append(script);
  }, [scriptUrl]);

  // A page view after each route change (spec section 2), the first page's included; a change of hash alone
  // is no new page.
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (PAGE_VIEW_EXCLUDED_ROUTES.has(routeId)) return;
    pushToDataLayer({ event: "content-view", routeName: routeNameOf(routeId), fullPath });
  }, [scriptUrl, routeId, fullPath]);

  return null;
}
