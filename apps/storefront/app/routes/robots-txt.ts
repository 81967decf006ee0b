import { buildRobotsTxt } from "~/lib/robots-txt";
import type { Route } from "./+types/robots-txt";

/** GET /robots.txt, pointing crawlers at this storefront's own sitemap (its origin, as sitemaps use). */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
