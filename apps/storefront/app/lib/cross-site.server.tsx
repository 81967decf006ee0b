import type { MiddlewareFunction } from "react-router";
import { t } from "~/lib/i18n/translate";
import { judgeCrossSite } from "@quire/web-kit/cross-site";
import { refusalResponse } from "./refusal-page.server";
import { redactUrlForLog } from "./request-log.server";

/**
 * The one cross-site check (packages/web-kit/src/cross-site.ts) for every request that may change something. It is the root
 * route's first middleware, so it runs before any other middleware, action or loader of every route, page
 * and resource route alike (a route added later included), under `npm start` and `npm run dev` both.
 * React Router's own origin check covers page routes only and answers a bare 400, so it is switched off
 * (react-router.config.ts) in favour of this one.
 *
 * A refused request runs nothing and sets no cookie: the middleware answers before the rest of the
 * pipeline (the flash, viewer and session middlewares that may write cookies) ever runs. A browser gets the
 * error page (lib/refusal-page.server.tsx); anything else gets a line of text.
 */
export const crossSiteMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const verdict = judgeCrossSite(request);
  if (verdict.allowed) return;
  console.warn(`refused a cross-site ${request.method} ${redactUrlForLog(new URL(request.url).pathname)}: ${verdict.reason.slice(0, 200)}`);
  return refusedResponse(request);
};

function refusedResponse(request: Request): Response {
  return refusalResponse(request, {
    status: 403,
    title: t("error.cross_site_title"),
    description: t("error.cross_site_desc"),
    actionLabel: t("error.cross_site_action"),
    actionHref: "/store",
  });
}
