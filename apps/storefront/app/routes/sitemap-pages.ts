import { listPageAndCategoryPaths, toEntries } from "~/features/content/sitemap.server";
import { buildUrlSet, MAX_URLS_PER_SITEMAP, xmlResponse } from "~/lib/sitemap-xml";
import type { Route } from "./+types/sitemap-pages";

/** GET /index-sitemap.xml: content pages, the catalogue root and every category, as absolute URLs. */
export async function loader({ request }: Route.LoaderArgs) {
  const paths = await listPageAndCategoryPaths();
  // Pages and categories number in the hundreds; past 50,000 they would need an index of their own.
  return xmlResponse(buildUrlSet(toEntries(new URL(request.url).origin, paths.slice(0, MAX_URLS_PER_SITEMAP))));
}
