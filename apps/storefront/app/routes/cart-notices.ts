import { data, redirect } from "react-router";
import { ShownNoticesFormSchema } from "~/features/cart/cart-forms.server";
import { acknowledgeCartNotices } from "~/features/cart/cart.server";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { wantsFetcherResponse } from "~/lib/fetcher-response";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-intents.server";
import { getSafeRedirectPath, getSameOriginRefererPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/cart-notices";
import { t } from "~/lib/i18n/messages/cart-server";

/**
 * POST /cart/notices: a page has shown the cart's notices (decision 020). The API keeps each notice, on
 * every read, until told so here; then it clears them and settles what they reported. With JavaScript the
 * page posts by itself once it has rendered them (a background post, answered with data); without it, the notice's
 * "Dismiss" button posts and the shopper is sent back where they were.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const shown = parseForm(form, ShownNoticesFormSchema);
  const byFetcher = wantsFetcherResponse(form);
  const back = getSafeRedirectPath(form.get("redirectTo") ?? getSameOriginRefererPath(request), "/cart");
  if (!shown.ok) {
    if (byFetcher) return data({ acknowledged: false }, { status: 400 });
    return redirectWithToast(back, { kind: "error", message: t("cart.notices_unreadable") }, { status: 303 });
  }
  try {
    await acknowledgeCartNotices(context, shown.value.notices);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    // The notices stay for the next page: nothing is lost by failing here.
    console.warn("Cart notices could not be acknowledged:", error.message);
    if (byFetcher) return data({ acknowledged: false }, { status: error.status });
    return redirectWithToast(back, errorToastOf(error), { status: 303 });
  }
  if (byFetcher) return { acknowledged: true };
  return redirect(back, 303);
}

/** Only forms post here; a visit by address goes to the basket. */
export function loader() {
  return redirect("/cart", 302);
}
