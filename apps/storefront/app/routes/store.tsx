import { pageEcommerceEvents, productListEvent } from "~/features/analytics/ecommerce.server";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { storeTrail, toJsonLdCrumbs, toUiCrumbs } from "~/features/catalog/catalog-crumbs";
import { canonicalListingUrl, catalogMeta } from "~/features/catalog/catalog-meta";
import { CategorySection } from "~/features/catalog/category-links";
import { JsonLd } from "~/features/catalog/json-ld";
import { getListing } from "~/features/catalog/listing.server";
import { ProductListing } from "~/features/catalog/product-listing";
import { buildBreadcrumbJsonLd } from "~/features/catalog/structured-data";
import { apiContext } from "~/lib/context.server";
import { getCategoryTree } from "~/lib/shop-data.server";
import type { Route } from "./+types/store";

/** /store: the catalogue root, top-level categories and every product. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [listing, tree] = await Promise.all([getListing({ request, api: context.get(apiContext) }), getCategoryTree()]);
  const url = new URL(request.url);
  // The top-level categories, as tiles: the tree is the process's cached copy (lib/shop-data.server.ts).
  const topLevel = tree.map(({ id, parentId, slug, name, description, position, depth }) => ({
    id,
    parentId,
    slug,
    name,
    description,
    position,
    depth,
  }));
  const analytics = await pageEcommerceEvents(context, [productListEvent("store", "Store", listing.page.results)]);
  return { listing, topLevel, origin: url.origin, canonical: canonicalListingUrl(url, listing.state.page), analytics };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Store" }];
  const storeName = matches[0]?.loaderData?.settings.name;
  return catalogMeta({
    title: loaderData.listing.state.page > 1 ? `Store, page ${loaderData.listing.state.page}` : "Store",
    storeName,
    description: `Every book and gift in ${storeName ?? "the shop"}, by category, with filters by format, occasion and price.`,
    canonical: loaderData.canonical,
  });
}

export default function Store({ loaderData }: Route.ComponentProps) {
  const { listing, topLevel, origin } = loaderData;
  const crumbs = storeTrail();

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={toUiCrumbs(crumbs)} />
      <JsonLd data={buildBreadcrumbJsonLd(toJsonLdCrumbs(crumbs, origin))} />
      <h1 className="mt-4 text-display">The store</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-muted">Books to give and to keep, chosen for every reader and every occasion.</p>

      <CategorySection id="store-categories" categories={topLevel} className="mt-10" />

      <div className="mt-14">
        <ProductListing
          listing={listing}
          analyticsList="store"
          title="All books and gifts"
          emptyHint={{ text: "The shelves are being stocked.", href: "/", label: "Back to the home page" }}
        />
      </div>
    </Container>
  );
}
