import { trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { parseAddonChoices, QUANTITY_MESSAGE, type AddToCartResult } from "~/features/cart/cart-forms";
import { AddToCartFormSchema } from "~/features/cart/cart-forms.server";
import { wantsFetcherResponse } from "~/lib/fetcher-response";
import { addToCart } from "~/features/cart/cart.server";
import { t } from "~/lib/i18n/translate";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-intents.server";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/cart-add";

/** Where a form without a page to return to lands: the basket, which shows what was added. */
const ADD_TO_CART_FALLBACK = "/cart";

/**
 * POST /cart/add: "Add to basket" from the product page and product cards. Without JavaScript the form
 * posts here and the shopper is sent back to the page they were on with a toast; with JavaScript a fetcher
 * posts (with `respond=fetcher`) and gets the toast as data, so the page stays as it is. The API's first
 * error (out of stock, quantity too high...) is the error toast. The form's Idempotency-Key goes with the
 * call, so a double submit or a resent form adds once (decision 018).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = getSafeRedirectPath(form.get("redirectTo") ?? getSameOriginRefererPath(request), ADD_TO_CART_FALLBACK);
  const byFetcher = wantsFetcherResponse(form);
  const answer = async (toast: ToastMessage, headers = new Headers()) => {
    if (byFetcher) return data<AddToCartResult>({ toast }, { headers });
    return redirectWithToast(back, toast, { status: 303, headers });
  };

  const input = parseForm(form, AddToCartFormSchema);
  if (!input.ok) return answer({ kind: "error", message: input.errors[0]?.message ?? QUANTITY_MESSAGE });
  const addons = parseAddonChoices(form);
  if (!addons.ok) return answer({ kind: "error", message: addons.message });
  const { idempotencyKey, ...line } = input.value;
  try {
    const { headers } = await addToCart(context, { ...line, addonOptionIds: addons.value }, { idempotencyKey });
    trackEcommerceEvent(context, "add_to_cart", { lines: [{ variantId: line.productVariantId, quantity: line.quantity }] });
    return await answer({ kind: "success", message: t("toast.added_to_cart") }, headers);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return answer(errorToastOf(error));
  }
}

/** Only forms post here; a visit by address goes to the basket. */
export function loader() {
  return redirect(ADD_TO_CART_FALLBACK, 302);
}
