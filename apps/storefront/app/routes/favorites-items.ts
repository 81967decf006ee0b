import { data, redirect } from "react-router";
import { wantsFetcherResponse } from "~/lib/fetcher-response";
import { t } from "~/features/i18n/translate";
import type { FavouritesOutcome } from "~/features/wishlists/favourites-outcome";
import {
  AddItemFormSchema,
  CreateListFormSchema,
  type FormProblem,
  parseWishlistForm,
  readIntent,
  RemoveVariantFormSchema,
} from "~/features/wishlists/wishlist-forms";
import { addWishlistItem, createWishlist, failureToast, removeVariantFromWishlists } from "~/features/wishlists/wishlists.server";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-access";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/favorites-items";

function refused(problem: FormProblem): FavouritesOutcome {
  return { ok: false, toast: { kind: "error", message: problem.message }, field: problem.field };
}

async function runIntent(api: ApiClient, form: FormData): Promise<FavouritesOutcome> {
  const intent = readIntent(form);
  try {
    if (intent === "add") {
      const parsed = parseWishlistForm(AddItemFormSchema, form);
      if (!parsed.ok) return refused(parsed.problem);
      await addWishlistItem(api, parsed.value);
      return { ok: true, toast: { kind: "success", message: t("wishlists.item.added_to_wishlist") } };
    }
    if (intent === "remove-variant") {
      const parsed = parseWishlistForm(RemoveVariantFormSchema, form);
      if (!parsed.ok) return refused(parsed.problem);
      await removeVariantFromWishlists(api, parsed.value.variantId);
      return { ok: true, toast: { kind: "success", message: t("wishlists.item.removed_from_wishlist") } };
    }
    if (intent === "create") {
      const parsed = parseWishlistForm(CreateListFormSchema, form);
      if (!parsed.ok) return refused(parsed.problem);
      const created = await createWishlist(api, parsed.value.name);
      return {
        ok: true,
        toast: { kind: "success", message: t("wishlists.list.created_message", { name: created.name }) },
        createdWishlist: { id: created.id, name: created.name },
      };
    }
    return refused({ message: "That action is not known." });
  } catch (error) {
    return { ok: false, toast: failureToast(error), field: error instanceof ApiRequestError ? error.errors[0]?.field : undefined };
  }
}

/** Wishlists are for signed-in customers (spec section 6): the root sends anyone else to sign in. */
export const handle: RouteHandle = { requiredAuthentication: true };

/**
 * POST /favorites/items: the favourite toggle and the selection dialog (add to a list, remove a variant
 * from its lists, create a list). Fetchers (`respond=fetcher`) get the outcome as data and show its toast;
 * a form posted without JavaScript is sent back to `returnTo` with the toast flashed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await runIntent(context.get(apiContext), form);
  if (wantsFetcherResponse(form)) return data(outcome, { status: outcome.ok ? 200 : 400 });
  const back = getSafeRedirectPath(form.get("returnTo") ?? getSameOriginRefererPath(request), "/favorites");
  return redirectWithToast(back, outcome.toast, { status: 303 });
}

/** Only forms post here; a visit by address goes to the lists. */
export function loader() {
  return redirect("/favorites", 302);
}
