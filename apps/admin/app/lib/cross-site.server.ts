import { judgeCrossSite } from "@quire/web-kit/cross-site";
import type { MiddlewareFunction } from "react-router";

/**
 * The storefront's cross-site rule (packages/web-kit), for every request of the back office that may change
 * something: the root route's first middleware, so a refused request runs no action and sets no cookie.
 */
export const crossSiteMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const verdict = judgeCrossSite(request);
  if (verdict.allowed) return;
  console.warn(`refused a cross-site ${request.method} ${new URL(request.url).pathname.slice(0, 100)}: ${verdict.reason.slice(0, 200)}`);
  return new Response(
    "This form came from another site, so the back office did not act on it. Go back and send it again from the back office.\n",
    {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    },
  );
};
