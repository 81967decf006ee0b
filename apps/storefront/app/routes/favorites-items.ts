import { trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import { data, redirect } from "react-router";
import { wantsFetcherResponse } from "~/lib/fetcher-response";
import { t } from "~/lib/i18n/translate";
import type { FavouritesOutcome } from "~/features/wishlists/favourites-outcome";
import type { FormError } from "~/components/forms/form-errors";
import { firstProblem, type FormProblem } from "~/features/wishlists/wishlist-forms";
import { AddItemFormSchema, CreateListFormSchema, RemoveVariantFormSchema } from "~/features/wishlists/wishlist-forms.server";
import { addWishlistItem, createWishlist, failureToast, removeVariantFromWishlists } from "~/features/wishlists/wishlists.server";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { FAVORITE_ITEM_INTENTS } from "~/lib/form-intents";
import { dispatchIntent, intent } from "~/lib/form-intents.server";
import type { RouteHandle } from "~/lib/route-access";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/favorites-items";

function refused(problem: FormProblem): FavouritesOutcome {
  return { ok: false, toast: { kind: "error", message: problem.message }, field: problem.field };
}

/** An intent's API calls, with a failed call's first error as the refusal (and the field it names). */
async function settled(run: () => Promise<FavouritesOutcome>): Promise<FavouritesOutcome> {
  try {
    return await run();
  } catch (error) {
    return { ok: false, toast: failureToast(error), field: error instanceof ApiRequestError ? error.errors[0]?.field : undefined };
  }
}

/** Wishlists are for signed-in customers: the root sends anyone else to sign in. */
export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * POST /favorites/items: the favourite toggle and the selection dialog (add to a list, remove a variant
 * from its lists, create a list). Fetchers (`respond=fetcher`) get the outcome as data and show its toast;
 * a form posted without JavaScript is sent back to `returnTo` with the toast flashed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = context.get(apiContext);
  // Async, so every intent answers the same promise type whichever branch it takes.
  const respond = async (outcome: FavouritesOutcome) => {
    if (wantsFetcherResponse(form)) return data(outcome, { status: outcome.ok ? 200 : 400 });
    const back = getSafeRedirectPath(form.get("returnTo") ?? getSameOriginRefererPath(request), "/favorites");
    return redirectWithToast(back, outcome.toast, { status: 303 });
  };
  const invalid = (errors: FormError[]) => respond(refused(firstProblem(errors)));

  return dispatchIntent(form, {
    [FAVORITE_ITEM_INTENTS.add]: intent({
      schema: AddItemFormSchema,
      invalid,
      run: async (item) =>
        respond(
          await settled(async () => {
            await addWishlistItem(api, item);
            trackEcommerceEvent(context, "add_to_wishlist", { lines: [{ variantId: item.variantId, quantity: item.quantity }] });
            return { ok: true, toast: { kind: "success", message: t("wishlists.item.added_to_wishlist") } };
          }),
        ),
    }),
    [FAVORITE_ITEM_INTENTS.removeVariant]: intent({
      schema: RemoveVariantFormSchema,
      invalid,
      run: async ({ variantId }) =>
        respond(
          await settled(async () => {
            await removeVariantFromWishlists(api, variantId);
            return { ok: true, toast: { kind: "success", message: t("wishlists.item.removed_from_wishlist") } };
          }),
        ),
    }),
    [FAVORITE_ITEM_INTENTS.create]: intent({
      schema: CreateListFormSchema,
      invalid,
      run: async ({ name }) =>
        respond(
          await settled(async () => {
            const created = await createWishlist(api, name);
            return {
              ok: true,
              toast: { kind: "success", message: t("wishlists.list.created_message", { name: created.name }) },
              createdWishlist: { id: created.id, name: created.name },
            };
          }),
        ),
    }),
  });
}

/** Only forms post here; a visit by address goes to the lists. */
export function loader() {
  return redirect("/favorites", 302);
}
