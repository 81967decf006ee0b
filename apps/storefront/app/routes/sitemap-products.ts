import { z } from "zod";
import { listProductPaths, toEntries } from "~/features/content/sitemap.server";
import { notFoundResponse } from "~/lib/not-found.server";
import { buildUrlSet, xmlResponse } from "~/lib/sitemap-xml";
import type { Route } from "./+types/sitemap-products";

const AfterSchema = z.coerce.number().int().min(0).max(2_147_483_647);

/**
 * GET /en-GB-sitemap.xml[?after=<id>]: one product sitemap file, at most 50,000 product pages, starting
 * after product id `after` (the cursors come from /sitemap.xml). A cursor past the end is a 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("after");
  const after = AfterSchema.safeParse(raw ?? 0);
  if (!after.success || (raw !== null && !/^\d+$/.test(raw))) throw notFoundResponse(request);
  const { entries } = await listProductPaths(after.data);
  if (after.data > 0 && entries.length === 0) throw notFoundResponse(request);
  return xmlResponse(buildUrlSet(toEntries(new URL(request.url).origin, entries)));
}
