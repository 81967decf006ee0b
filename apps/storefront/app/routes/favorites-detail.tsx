import { IdParamSchema, type WishlistItem } from "@quire/contracts";
import { Form, Link } from "react-router";
import { z } from "zod";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import type { ToastMessage } from "~/components/ui/toast";
import { Price } from "~/components/ui/price";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { productHref } from "~/features/catalog/product-card";
import { ProductPicture } from "~/features/catalog/product-picture";
import { StockBadge } from "~/features/catalog/stock-badge";
import { useCatalogSettings } from "~/features/catalog/use-catalog-settings";
import { t } from "~/lib/i18n/messages/wishlists";
import { pageTitle } from "~/features/layout/meta";
import type { FormError } from "~/components/forms/form-errors";
import { firstProblem, REMOVE_SELECTED_FORM_ID } from "~/features/wishlists/wishlist-forms";
import { RemoveItemFormSchema, RemoveItemsFormSchema } from "~/features/wishlists/wishlist-forms.server";
import { failureToast, getWishlist, removeWishlistItem, removeWishlistItems } from "~/features/wishlists/wishlists.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { FAVORITE_LIST_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { dispatchIntent, intent } from "~/lib/form-intents.server";
import { requireApiFound, requireValidParams } from "~/lib/not-found.server";
import type { RouteHandle } from "~/lib/route-access";
import type { Route } from "./+types/favorites-detail";

export const handle: RouteHandle = { requiredAuthentication: true };

const ParamsSchema = z.object({ id: IdParamSchema });

/**
 * /favorites/:id: one list and its items. An id that is not a number, an unknown list and another
 * customer's list all answer 404 'Page Not Found: {path}' (the API does not tell the last two apart).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const wishlist = await requireApiFound(getWishlist(context.get(apiContext), id), request);
  return { wishlist };
}

/**
 * Removes one item ("Remove" beside it) or the ticked ones ("Remove selected", in one call, all or nothing);
 * back on this list with a toast either way (a failure's is the API's first error).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { id } = requireValidParams(ParamsSchema, params, request);
  const here = `/favorites/${id}`;
  const api = context.get(apiContext);
  const back = (toast: ToastMessage) => redirectWithToast(here, toast, { status: 303 });
  const invalid = (errors: FormError[]) => back({ kind: "error", message: firstProblem(errors).message });

  return dispatchIntent(await request.formData(), {
    [FAVORITE_LIST_INTENTS.removeItems]: intent({
      schema: RemoveItemsFormSchema,
      invalid,
      run: async ({ itemId: itemIds }) => {
        const count = new Set(itemIds).size;
        try {
          await removeWishlistItems(api, id, itemIds);
        } catch (error) {
          return back(failureToast(error));
        }
        const message = count === 1 ? t("wishlists.item.removed_from_wishlist") : t("wishlists.items.removed_message", { count });
        return back({ kind: "success", message });
      },
    }),
    [FAVORITE_LIST_INTENTS.removeItem]: intent({
      schema: RemoveItemFormSchema,
      invalid,
      run: async ({ itemId }) => {
        try {
          await removeWishlistItem(api, id, itemId);
        } catch (error) {
          return back(failureToast(error));
        }
        return back({ kind: "success", message: t("wishlists.item.removed_from_wishlist") });
      },
    }),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? loaderData.wishlist.name : t("wishlists.title"), matches) },
    { name: "robots", content: "noindex" },
  ];
}

function ItemRow({ item, wishlistId }: { item: WishlistItem; wishlistId: number }) {
  const { inventoryAvailability } = useCatalogSettings();
  const href = `${productHref(item.product.slug)}?variant=${item.variant.id}`;
  const image = item.product.image ?? { url: coverUrlFor({ slug: item.product.slug, title: item.product.name, author: "" }), alt: "" };
  const selectId = `select-item-${item.id}`;
  return (
    <li className="flex gap-4 rounded-card border border-line bg-surface p-4 sm:gap-5 sm:p-5">
      {/* Belongs to the "Remove selected" form below the list (its `form` attribute): forms cannot nest. */}
      <input
        id={selectId}
        type="checkbox"
        name="itemId"
        value={item.id}
        form={REMOVE_SELECTED_FORM_ID}
        className="mt-1 size-5 shrink-0 self-start accent-accent"
      />
      <label htmlFor={selectId} className="sr-only">
        {t("wishlists.select_item", { product: item.product.name, variant: item.variant.name })}
      </label>
      <ProductPicture
        image={image}
        sizes="(min-width: 640px) 6rem, 5rem"
        width={96}
        height={144}
        className="aspect-[2/3] w-20 shrink-0 self-start rounded-control ring-1 ring-line sm:w-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="font-serif text-lg leading-snug font-semibold">
            <Link to={href} className="underline-offset-3 hover:underline">
              {item.product.name}
            </Link>
          </h2>
          <p className="text-sm text-ink-muted">
            {item.variant.name}
            {item.quantity > 1 ? t("wishlists.quantity", { quantity: item.quantity }) : ""}
          </p>
          {item.price ? (
            <Price
              amount={item.price.amount}
              originalPrice={item.price.originalPrice}
              lowestPriorPrice={item.price.lowestPriorPrice}
              currencyCode={item.price.currencyCode}
            />
          ) : (
            <p className="text-sm text-ink-muted">{t("wishlists.not_on_sale")}</p>
          )}
          <StockBadge stock={item.stock} mode={inventoryAvailability} />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-stretch">
          {item.price && item.isPurchasable ? (
            <AddToCartForm productVariantId={item.productVariantId} size="sm" labelSuffix={item.product.name}>
              <input type="hidden" name="quantity" value={item.quantity} />
            </AddToCartForm>
          ) : null}
          <Form method="post" action={`/favorites/${wishlistId}`}>
            <input type="hidden" name={INTENT_FIELD} value={FAVORITE_LIST_INTENTS.removeItem} />
            <input type="hidden" name="wishlistId" value={wishlistId} />
            <input type="hidden" name="itemId" value={item.id} />
            <Button type="submit" variant="secondary" size="sm" className="w-full">
              {t("wishlists.remove")}
              <span className="sr-only">{t("wishlists.list_name", { name: item.product.name })}</span>
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function FavoritesDetail({ loaderData }: Route.ComponentProps) {
  const { wishlist } = loaderData;
  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[{ label: t("wishlists.home"), href: "/" }, { label: t("wishlists.title"), href: "/favorites" }, { label: wishlist.name }]}
      />
      <h1 className="mt-4 text-display break-words">{wishlist.name}</h1>
      <p className="mt-2 text-ink-muted">{wishlist.items.length === 1 ? "1 item" : `${wishlist.items.length} items`}</p>

      {wishlist.items.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4">
          <p>{t("wishlists.empty")}</p>
          <ButtonLink to="/store" variant="secondary">
            {t("wishlists.browse")}
          </ButtonLink>
        </div>
      ) : (
        <section aria-label={t("wishlists.items_in", { name: wishlist.name })} className="mt-8">
          <ul className="flex flex-col gap-3">
            {wishlist.items.map((item) => (
              <ItemRow key={item.id} item={item} wishlistId={wishlist.id} />
            ))}
          </ul>
          <Form id={REMOVE_SELECTED_FORM_ID} method="post" action={`/favorites/${wishlist.id}`} className="mt-4 flex justify-end">
            <input type="hidden" name={INTENT_FIELD} value={FAVORITE_LIST_INTENTS.removeItems} />
            <Button type="submit" variant="secondary">
              {t("wishlists.remove_selected")}
            </Button>
          </Form>
        </section>
      )}
    </Container>
  );
}
