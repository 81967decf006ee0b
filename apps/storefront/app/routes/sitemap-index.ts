import { listProductSitemapStarts } from "~/features/content/sitemap.server";
import { buildSitemapIndex, xmlResponse } from "~/lib/sitemap-xml";
import type { Route } from "./+types/sitemap-index";

/**
 * GET /sitemap.xml: the sitemap index. It lists /index-sitemap.xml (pages and categories) and the product
 * sitemap /en-GB-sitemap.xml; a shop with more than 50,000 products gets further product files,
 * /en-GB-sitemap.xml?after=<id>, each starting where the previous one ended (the API's keyset cursor).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const starts = await listProductSitemapStarts();
  const productFiles = starts.map((after) => (after === 0 ? "/en-GB-sitemap.xml" : `/en-GB-sitemap.xml?after=${after}`));
  return xmlResponse(buildSitemapIndex(["/index-sitemap.xml", ...productFiles].map((path) => ({ loc: new URL(path, origin).toString() }))));
}
