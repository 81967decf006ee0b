import { pageEcommerceEvents } from "~/features/analytics/ecommerce.server";
import { SlugSchema } from "@quire/contracts";
import { data, Link, useLocation } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { backInStockConfirmation } from "~/features/back-in-stock/back-in-stock";
import { backInStockFormSchema, typedEmail } from "~/features/back-in-stock/back-in-stock-forms.server";
import { BackInStockForm } from "~/features/back-in-stock/back-in-stock-form";
import { subscribeBackInStock } from "~/features/back-in-stock/back-in-stock.server";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { AddonChoices } from "~/features/cart/addon-choices";
import { QuantityInput } from "~/features/cart/quantity-input";
import { AddonsList } from "~/features/catalog/addons-list";
import { catalogTrail, toJsonLdCrumbs, toUiCrumbs } from "~/features/catalog/catalog-crumbs";
import { catalogMeta } from "~/features/catalog/catalog-meta";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { JsonLd } from "~/features/catalog/json-ld";
import { productHref } from "~/features/catalog/product-card";
import { ProductGallery } from "~/features/catalog/product-gallery";
import { productSafetyMarkup } from "~/features/catalog/product-safety.server";
import { StockBadge } from "~/features/catalog/stock-badge";
import { buildBreadcrumbJsonLd, buildProductJsonLd } from "~/features/catalog/structured-data";
import { TierPriceTable } from "~/features/catalog/tier-price-table";
import { useCatalogSettings } from "~/features/catalog/use-catalog-settings";
import { chooseVariant, isMalformedVariantParam } from "~/features/catalog/variant-choice";
import { VariantPicker } from "~/features/catalog/variant-picker";
import { listRecentlyViewed } from "~/features/recently-viewed/recently-viewed.server";
import { StreamedProductRow } from "~/features/catalog/product-card";
import { RecentlyViewedRow } from "~/features/recently-viewed/recently-viewed-row";
import { listRecommendations } from "~/features/recommendations/recommendations.server";
import { useRecordView } from "~/features/recently-viewed/use-record-view";
import { getViewer } from "~/features/recently-viewed/viewer.server";
import { FavouriteToggle } from "~/features/wishlists/favourite-toggle";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { isSignedIn } from "~/features/auth/auth.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { notFound, requireApiFound, requireValidParams } from "~/lib/not-found.server";
import { PREVIEW_HEADERS, readThroughPreviewLink } from "~/lib/preview-link.server";
import type { Route } from "./+types/store-product";
import { t as catalogText } from "~/lib/i18n/messages/catalog";
import { t } from "~/lib/i18n/messages/catalog-product";
import { t as previewText } from "~/lib/i18n/messages/catalog-product-server";
import { textAround } from "~/lib/i18n/translator";
import { PRODUCT_PAGE_INTENTS } from "~/lib/form-intents";
import { dispatchIntent, intent } from "~/lib/form-intents.server";

const ParamsSchema = z.object({ product: SlugSchema });

/**
 * /store/product/:product. One call: the product is awaited (it may 404) and comes with its add-ons, which are
 * choices in the "Add to basket" form and must be in the page without JavaScript. `?variant=` picks the variant: a
 * malformed value is a 404, an unknown id (a format since withdrawn) shows the default variant rather than
 * losing the shopper the page. "Recently viewed" streams in after. The loader records no view: a prefetch
 * runs it (hovering a product card); the page records its view from the browser once shown (useRecordView).
 * With `?preview=<token>` (the merchant's preview link, decision 051), the product the token opens, published or a
 * draft: never cached or indexed (the answer's headers say so), no view recorded, no analytics event, and a notice
 * that it is a preview.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { product: slug } = requireValidParams(ParamsSchema, params, request);
  const url = new URL(request.url);
  const variantParam = url.searchParams.get("variant");
  if (isMalformedVariantParam(variantParam)) throw notFound(request);

  const api = context.get(apiContext);
  const previewToken = url.searchParams.get("preview");
  const { data: product } =
    previewToken === null
      ? await requireApiFound(api.call("getProductBySlug", { params: { slug } }), request)
      : await readThroughPreviewLink(request, previewToken, (token) => api.call("getProductPreview", { body: { token } }));
  const selected = chooseVariant(product.variants, variantParam);
  const recentlyViewed = listRecentlyViewed(context, await getViewer(context, request), product.id);
  // Streamed below the product: what its buyers bought with it (once it has orders), then the merchant's
  // links, filled up with similar books.
  const boughtTogether = listRecommendations(context, "bought-together", { variantId: selected.id });
  const related = listRecommendations(context, "related", { variantId: selected.id });
  const analytics =
    previewToken === null
      ? await pageEcommerceEvents(context, [{ event: "view_item", lines: [{ variantId: selected.id, quantity: 1 }] }])
      : null;

  const answer = {
    // The safety information goes to the page as the markup below, made here: not twice, as data for the browser too.
    product: { ...product, safety: null },
    selectedVariantId: selected.id,
    recentlyViewed,
    boughtTogether,
    related,
    signedIn: isSignedIn(context),
    origin: url.origin,
    canonical: `${url.origin}${productHref(product.slug)}`,
    analytics,
    // Said by the server: the page's script carries no text of a page most visitors never see.
    previewNotice: previewToken === null ? null : previewText("catalog.product.preview"),
    // Made on the server: the page's script carries neither the section's code nor its texts.
    safetyMarkup: product.safety ? productSafetyMarkup(product.safety) : null,
  };
  return previewToken === null ? answer : data(answer, { headers: PREVIEW_HEADERS });
}

/** A preview's answer is never kept by a cache or indexed (PREVIEW_HEADERS); a product page's is as the shop's pages are. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * The back-in-stock form ("Email me when it's back"). A refused email stays in the form with its message;
 * the API's answer comes back to this page as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const refuse = (email: string, error: string, status = 400) => data({ backInStock: { email, error } }, { status });

  return dispatchIntent(await request.formData(), {
    [PRODUCT_PAGE_INTENTS.backInStock]: intent({
      schema: backInStockFormSchema(isSignedIn(context)),
      invalid: (errors, form) => refuse(typedEmail(form), errors[0]?.message ?? ""),
      run: async ({ productVariantId, email }) => {
        try {
          const subscription = await subscribeBackInStock(context, { productVariantId, email });
          return redirectWithToast(back, { kind: "success", message: backInStockConfirmation(subscription) }, { status: 303 });
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          if (error.errors[0]?.field?.endsWith("email")) return refuse(email ?? "", errorToastOf(error).message, error.status);
          return redirectWithToast(back, errorToastOf(error), { status: 303 });
        }
      },
    }),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: t("catalog.product.title") }];
  const { product, origin, canonical } = loaderData;
  const image = product.images[0]?.url;
  return catalogMeta({
    title: product.byline ? t("catalog.product.title_by", { name: product.name, byline: product.byline }) : product.name,
    storeName: matches[0]?.loaderData?.settings.name,
    description: product.description || product.subtitle || product.name,
    canonical,
    image: image ? new URL(image, origin).toString() : undefined,
    type: "product",
    seo: { title: product.seoTitle, description: product.seoDescription },
  });
}

export default function StoreProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, selectedVariantId, recentlyViewed, boughtTogether, related, signedIn, origin, canonical, previewNotice } = loaderData;
  const { addons } = product;
  const { inventoryAvailability, showSkus, hidesPricesFromVisitors } = useCatalogSettings();
  const location = useLocation();
  const variant = product.variants.find((candidate) => candidate.id === selectedVariantId) ?? product.variants[0]!;
  const trail = catalogTrail(product.breadcrumbs, { label: product.name, path: productHref(product.slug) });
  const images = product.images.length
    ? product.images
    : [
        {
          url: coverUrlFor({ slug: product.slug, title: product.name, author: product.byline }),
          alt: t("catalog.product.cover_of", { name: product.name }),
        },
      ];
  const paragraphs = product.description
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  const signInHref = `/auth/login?redirect_url=${encodeURIComponent(location.pathname + location.search)}`;
  const bookWord = /book/i.test(product.productType.code) ? t("catalog.product.book") : product.productType.name.toLowerCase();
  useRecordView(previewNotice ? null : variant.id);
  const byline = textAround(t("catalog.product.byline"), "byline");

  return (
    <Container className="py-6 sm:py-10">
      {previewNotice ? <p className="mb-4 rounded-card border border-line bg-surface p-4 text-sm">{previewNotice}</p> : null}
      <Breadcrumbs items={toUiCrumbs(trail)} />
      <JsonLd data={buildProductJsonLd({ product, url: canonical, origin, showSkus })} />
      <JsonLd data={buildBreadcrumbJsonLd(toJsonLdCrumbs(trail, origin))} />

      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        {/* On a phone the cover stays small enough that title and price show on the first screen. */}
        <div className="mx-auto w-full max-w-60 md:sticky md:top-6 md:max-w-none md:self-start">
          <ProductGallery images={images} productName={product.name} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <header>
            <h1 className="text-title">{product.name}</h1>
            {product.subtitle ? <p className="mt-1 text-lg text-ink-muted">{product.subtitle}</p> : null}
            {product.byline ? (
              <p className="mt-2 text-base">
                {byline[0]}
                <span className="font-semibold">{product.byline}</span>
                {byline[1]}
              </p>
            ) : null}
          </header>

          <section
            aria-label={t("catalog.product.price_and_availability")}
            className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5"
          >
            <div className="flex flex-col gap-2">
              {variant.price ? (
                <Price
                  amount={variant.price.amount}
                  originalPrice={variant.price.originalPrice}
                  lowestPriorPrice={variant.price.lowestPriorPrice}
                  currencyCode={variant.price.currencyCode}
                  className="text-2xl"
                />
              ) : product.pricesHidden || hidesPricesFromVisitors ? (
                <p className="flex items-center gap-2 text-ink-muted">
                  <Icon name="lock" className="size-4" />
                  <Link to={signInHref} className="font-semibold text-accent underline underline-offset-3">
                    {catalogText("catalog.sign_in_for_prices")}
                  </Link>
                </p>
              ) : (
                <p className="text-ink-muted">{t("catalog.product.not_on_sale")}</p>
              )}
              {variant.price?.originalPrice != null && variant.price.originalPrice > variant.price.amount ? (
                <p className="text-sm font-semibold text-sale">{t("catalog.product.on_sale")}</p>
              ) : null}
              <StockBadge stock={variant.stock} mode={inventoryAvailability} />
              {variant.stock?.status === "OutOfStock" && variant.isPurchasable ? (
                <p className="text-sm text-ink-muted">{t("catalog.product.back_order")}</p>
              ) : null}
              {showSkus ? (
                <p className="text-sm text-ink-muted">
                  {t("catalog.product.sku")} <span className="font-mono text-ink">{variant.sku}</span>
                </p>
              ) : null}
              {variant.isbn ? (
                <p className="text-sm text-ink-muted">
                  {t("catalog.product.isbn")} <span className="font-mono text-ink">{variant.isbn}</span>
                </p>
              ) : null}
            </div>

            <TierPriceTable tiers={variant.tierPrices} />

            {product.variants.length > 1 ? (
              <VariantPicker variants={product.variants} selectedId={variant.id} inventoryMode={inventoryAvailability} />
            ) : null}
          </section>

          {variant.price && variant.isPurchasable ? (
            <section aria-labelledby="product-purchase" className="rounded-card border border-line bg-surface p-5">
              <h2 id="product-purchase" className="sr-only">
                {t("catalog.product.buy", { name: product.name })}
              </h2>
              <AddToCartForm productVariantId={variant.id} className="flex flex-col gap-5" buttonClassName="w-full sm:w-auto sm:self-start">
                {addons.length ? (
                  <div className="flex flex-col gap-3">
                    <h3 className="font-sans text-base font-semibold">{t("catalog.product.extras_for_this", { kind: bookWord })}</h3>
                    <AddonChoices addons={addons} idPrefix="product" />
                  </div>
                ) : null}
                <QuantityInput id="product-quantity" label={t("catalog.product.quantity")} />
              </AddToCartForm>
            </section>
          ) : (
            <>
              {variant.price ? (
                <BackInStockForm
                  productVariantId={variant.id}
                  variantName={variant.name}
                  signedIn={signedIn}
                  state={actionData && "backInStock" in actionData ? actionData.backInStock : undefined}
                />
              ) : null}
              <AddonsList addons={addons} />
            </>
          )}
          <FavouriteToggle variantId={variant.id} productName={product.name} appearance="labelled" className="self-start" />

          {paragraphs.length ? (
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="text-xl">
                {t("catalog.product.about", { kind: bookWord })}
              </h2>
              <div className="mt-2 flex max-w-prose flex-col gap-3 leading-relaxed">
                {paragraphs.map((text, index) => (
                  <p key={index}>{text}</p>
                ))}
              </div>
            </section>
          ) : null}

          {product.attributes.length ? (
            <section aria-labelledby="product-details">
              <h2 id="product-details" className="text-xl">
                {t("catalog.product.details")}
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 text-sm">
                {product.attributes.map((attribute) => (
                  <div key={attribute.code} className="col-span-2 grid grid-cols-subgrid border-b border-line py-2">
                    <dt className="text-ink-muted">{attribute.name}</dt>
                    <dd className="text-ink">{attribute.values.map((value) => value.label).join(", ")}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          {loaderData.safetyMarkup ? <div dangerouslySetInnerHTML={{ __html: loaderData.safetyMarkup }} /> : null}
        </div>
      </div>
      <StreamedProductRow id="bought-together" title={t("catalog.product.bought_together")} products={boughtTogether} />
      <StreamedProductRow id="related-products" title={t("catalog.product.you_may_also_like")} products={related} />
      <RecentlyViewedRow products={recentlyViewed} />
    </Container>
  );
}
