import { redirect } from "react-router";
import { categoryHref, flattenCategoryTree } from "~/features/layout/navigation";
import { notFound } from "~/lib/not-found.server";
import { getCategoryTree } from "~/lib/shop-data.server";
import type { Route } from "./+types/legacy-shop";

/**
 * /shop/* — URLs of the shop's previous site, answered by the server. The root
 * middleware has already sent every URL on the redirect list to its new address. What is left:
 * - /shop itself moved to /store: 301;
 * - /shop/<slug> where <slug> is a category we still have: 301 to /store/<slug>;
 * - anything else, including old product pages /shop/prod/<x>, has no honest new address: 404, so search
 *   engines drop it instead of indexing a catch-all redirect.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const rest = (params["*"] ?? "").replace(/\/+$/, "");
  if (rest === "") throw redirect("/store", 301);
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(rest)) {
    const known = flattenCategoryTree(await getCategoryTree()).some((category) => category.slug === rest);
    if (known) throw redirect(categoryHref(rest), 301);
  }
  throw notFound(request);
}

/**
 * Never rendered: the loader always redirects or throws. It exists so that a 404 here is a page route
 * whose error renders the site's error page, not a bare resource-route response.
 */
export default function LegacyShop() {
  return null;
}
