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
import { t as catalogText } from "~/lib/i18n/messages/catalog";
import { t as listingText } from "~/lib/i18n/messages/catalog-listing";
import { t } from "~/lib/i18n/messages/catalog-store";

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
  if (!loaderData) return [{ title: catalogText("catalog.store") }];
  const storeName = matches[0]?.loaderData?.settings.name;
  return catalogMeta({
    title:
      loaderData.listing.state.page > 1
        ? listingText("catalog.listing.page_title", { name: catalogText("catalog.store"), page: loaderData.listing.state.page })
        : catalogText("catalog.store"),
    storeName,
    description: t("catalog.store_page.description", { store: storeName ?? t("catalog.store_page.the_shop") }),
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
      <h1 className="mt-4 text-display">{t("catalog.store_page.title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-muted">{t("catalog.store_page.intro")}</p>

      <CategorySection id="store-categories" categories={topLevel} className="mt-10" />

      <div className="mt-14">
        <ProductListing
          listing={listing}
          analyticsList="store"
          title={t("catalog.store_page.all")}
          emptyHint={{ text: t("catalog.store_page.empty"), href: "/", label: t("catalog.store_page.back_home") }}
        />
      </div>
    </Container>
  );
}
