import { pageEcommerceEvents, productListEvent } from "~/features/analytics/ecommerce.server";
import { SlugSchema } from "@quire/contracts";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { catalogTrail, categoryPath, toJsonLdCrumbs, toUiCrumbs } from "~/features/catalog/catalog-crumbs";
import { canonicalListingUrl, catalogMeta } from "~/features/catalog/catalog-meta";
import { SubcategoryLinks } from "~/features/catalog/category-links";
import { JsonLd } from "~/features/catalog/json-ld";
import { getListing } from "~/features/catalog/listing.server";
import { ProductListing } from "~/features/catalog/product-listing";
import { buildBreadcrumbJsonLd } from "~/features/catalog/structured-data";
import { apiContext } from "~/lib/context.server";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { Route } from "./+types/store-category";
import { t as catalogText } from "~/lib/i18n/messages/catalog";
import { t } from "~/lib/i18n/messages/catalog-listing";

const ParamsSchema = z.object({ category: SlugSchema });

/** /store/:category: a category with its subcategories, filters and products (its subtree's). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { category: slug } = requireValidParams(ParamsSchema, params, request);
  const api = context.get(apiContext);
  const [{ data: category }, listing] = await Promise.all([
    requireApiFound(api.call("getCategoryBySlug", { params: { slug } }), request),
    getListing({ request, api, categorySlug: slug }),
  ]);
  const url = new URL(request.url);
  const analytics = await pageEcommerceEvents(context, [
    productListEvent(`category-${category.slug}`, category.name, listing.page.results),
  ]);
  return { category, listing, origin: url.origin, canonical: canonicalListingUrl(url, listing.state.page), analytics };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: catalogText("catalog.store") }];
  const { category, listing } = loaderData;
  const page = listing.state.page;
  return catalogMeta({
    title: page > 1 ? t("catalog.listing.page_title", { name: category.name, page }) : category.name,
    storeName: matches[0]?.loaderData?.settings.name,
    description: category.description || `${category.name}: ${listing.page.total} books and gifts to choose from.`,
    canonical: loaderData.canonical,
    // The merchant's own title and description are the first page's: later pages keep titles of their own.
    ...(page > 1 ? {} : { seo: { title: category.seoTitle, description: category.seoDescription } }),
  });
}

export default function StoreCategory({ loaderData }: Route.ComponentProps) {
  const { category, listing, origin } = loaderData;
  const trail = catalogTrail(category.breadcrumbs, { label: category.name, path: categoryPath(category.slug), categoryId: category.id });

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={toUiCrumbs(trail)} />
      <JsonLd data={buildBreadcrumbJsonLd(toJsonLdCrumbs(trail, origin))} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-display">{category.name}</h1>
        {category.description ? <p className="mt-3 text-lg text-ink-muted">{category.description}</p> : null}
      </header>
      {category.children.length > 0 ? (
        <div className="mt-6">
          <SubcategoryLinks parentName={category.name} categories={category.children} />
        </div>
      ) : null}
      <div className="mt-10">
        <ProductListing
          listing={listing}
          analyticsList={`category-${category.slug}`}
          emptyHint={{ text: t("catalog.listing.category_empty"), href: "/store", label: t("catalog.listing.browse_store") }}
        />
      </div>
    </Container>
  );
}
