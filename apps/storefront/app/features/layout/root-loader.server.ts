import { redirect, type RouterContextProvider } from "react-router";
import { takeQueuedEcommerceEvents } from "~/features/analytics/ecommerce.server";
import { cookieBannerMarkup } from "~/features/consent/cookie-banner.server";
import { COOKIE_SETTINGS_PATH } from "~/features/consent/consent";
import { localeOf, readConsent, tagManagerFor } from "~/features/consent/consent.server";
import { getCartSummary, NO_CART_SUMMARY } from "~/features/cart/cart.server";
import { serviceIconSpriteUrl } from "~/features/icons/icons.server";
import { getStartupFavourites } from "~/features/wishlists/wishlists.server";
import { WITHDRAW_PATH } from "~/features/withdrawal/withdrawal-paths";
import { getMainNavigation } from "./navigation.server";
import { getCurrentCustomer } from "~/features/auth/auth.server";
import { getCustomerDetour, isCustomerBlocked, pageLocationOf } from "~/lib/auth-redirects";
import { preferencesContext } from "~/lib/context.server";
import { publicPageContext } from "~/features/page-cache/public-page.server";
import { getEnv } from "~/lib/env.server";
import { takeFlashToast } from "~/lib/flash.server";
import { listCountryOptions, listCurrencyOptions } from "~/lib/preferences.server";
import { getStoreSettings } from "~/lib/shop-data.server";
import { pathHoldsToken } from "~/lib/token-paths.server";

// The root route's loader (app/root.tsx calls it): here, so that the hooks that read its data
// (root-data.ts) take its type without importing the root route and everything the root imports.

/**
 * The store settings the pages read as they render (and so in the browser too): sent with every page, so only
 * these. Loaders that need more (the checkout's terms, minimum order values) read getStoreSettings() on the
 * server; the terms text alone was 300 bytes of every page's data.
 */
function pageSettingsOf(settings: Awaited<ReturnType<typeof getStoreSettings>>) {
  const { name, inventoryAvailability, displayProductVariantSkusEnabled, anonymousCustomerProductPolicy } = settings;
  const { isOutOfStockPurchaseEnabled, isQuickOrderEnabled } = settings;
  return {
    name,
    inventoryAvailability,
    displayProductVariantSkusEnabled,
    anonymousCustomerProductPolicy,
    isOutOfStockPurchaseEnabled,
    isQuickOrderEnabled,
  };
}

export async function rootLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const [settings, navigation, customer] = await Promise.all([getStoreSettings(), getMainNavigation(), getCurrentCustomer(context)]);
  // A customer the API would answer 403 (a forced password change, a privacy policy to accept) resolves that first;
  // on the page that resolves it, the start-up calls that would only answer 403 are skipped.
  const detour = customer ? getCustomerDetour(customer, pageLocationOf(new URL(request.url))) : null;
  if (detour) throw redirect(detour);
  const blocked = customer !== null && isCustomerBlocked(customer);
  const { currencyCode, countryCode } = context.get(preferencesContext);
  const consent = await readConsent(request);
  // The pages' texts are English, the one message set; a locale cookie naming another is logged, not refused.
  localeOf(request.headers.get("Cookie"));
  const [favourites, cart] = blocked
    ? [null, NO_CART_SUMMARY]
    : await Promise.all([getStartupFavourites(context), getCartSummary(context)]);
  return {
    settings: pageSettingsOf(settings),
    /** The header's navigation, built once per copy of the category tree and the menu. */
    navigation,
    currencyCode,
    countryCode,
    currencyOptions: listCurrencyOptions(settings.currencyCodes),
    countryOptions: listCountryOptions(settings.countryCodes),
    /** Who is signed in (the session restored by the current-customer call); null when anonymous. */
    customer: customer
      ? { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, isTrade: customer.isTrade }
      : null,
    /** The favourites every page loads: every list and the saved variants; null unless signed in. */
    favourites,
    /** The cart every page loads, as the header shows it: item count and change notices. */
    cart,
    /** A toast flashed through the redirect that led here, shown once. */
    flash: takeFlashToast(context),
    /**
     * New with every render of the page (and every revalidation after an action): the forms that must not
     * act twice send a key made from it, so a double submit or a resent form is one intent (decision 018). None on a
     * page that may be shared (decision 064): every shopper given the same copy would send the same key; the browser
     * makes one instead (root-data.ts).
     */
    formKey: context.get(publicPageContext) ? null : crypto.randomUUID(),
    /**
     * The cookie banner until the shopper chooses; never on the cookie settings page or in a
     * frame the browser says it is loading this page into.
     */
    cookieBanner:
      consent === null && new URL(request.url).pathname !== COOKIE_SETTINGS_PATH && request.headers.get("Sec-Fetch-Dest") !== "iframe"
        ? cookieBannerMarkup()
        : null,
    /**
     * The tag manager's script, only with analytics consent and a configured container id, and never on a page
     * whose address carries an emailed secret (a guest's order link, a reset link): a tag manager reports the
     * address it is loaded on to its vendor. Nor on the withdrawal page, whose step 2 may hold an order link's
     * token in a hidden field: a tag manager reads the page too.
     */
    tagManagerScriptUrl:
      pathHoldsToken(new URL(request.url).pathname) || pageLocationOf(new URL(request.url)).pathname === WITHDRAW_PATH
        ? null
        : (tagManagerFor(consent)?.scriptUrl ?? null),
    /** The e-commerce events earlier forms queued (tracked shoppers only), pushed once by <Analytics>. */
    queuedEcommerceEvents: blocked ? null : await takeQueuedEcommerceEvents(context),
    /** The icon sprite of the configured icon service; null: the shipped icons. */
    iconSpriteUrl: serviceIconSpriteUrl(),
    /** The editor whose preview frame may show the shop; its clicks are blocked there. */
    editorPreviewOrigin: getEnv().EDITOR_PREVIEW_ORIGIN ?? null,
  };
}
