import { accessibilityMessages } from "./messages/accessibility";
import { accountMessages } from "./messages/account";
import { accountDeletionMessages } from "./messages/account-deletion";
import { accountServerMessages } from "./messages/account-server";
import { authMessages } from "./messages/auth";
import { cartMessages } from "./messages/cart";
import { cartAddMessages } from "./messages/cart-add";
import { cartFormMessages } from "./messages/cart-forms";
import { cartServerMessages } from "./messages/cart-server";
import { backInStockMessages } from "./messages/back-in-stock";
import { backInStockPageMessages } from "./messages/back-in-stock-page";
import { backInStockServerMessages } from "./messages/back-in-stock-server";
import { blogMessages } from "./messages/blog";
import { catalogMessages } from "./messages/catalog";
import { catalogListingMessages } from "./messages/catalog-listing";
import { catalogProductMessages } from "./messages/catalog-product";
import { catalogProductServerMessages } from "./messages/catalog-product-server";
import { catalogStoreMessages } from "./messages/catalog-store";
import { checkoutMessages } from "./messages/checkout";
import { consentMessages } from "./messages/consent";
import { contactMessages } from "./messages/contact";
import { contentMessages } from "./messages/content";
import { contentServerMessages } from "./messages/content-server";
import { privacyMessages } from "./messages/privacy";
import { privacyServerMessages } from "./messages/privacy-server";
import { checkoutPageMessages } from "./messages/checkout-page";
import { checkoutServerMessages } from "./messages/checkout-server";
import { errorMessages } from "./messages/error";
import { crossSiteErrorMessages } from "./messages/error-cross-site";
import { requestBodyErrorMessages } from "./messages/error-request-body";
import { serverErrorMessages } from "./messages/error-server";
import { layoutMessages } from "./messages/layout";
import { layoutServerMessages } from "./messages/layout-server";
import { mediaServerMessages } from "./messages/media-server";
import { newsletterMessages } from "./messages/newsletter";
import { newsletterServerMessages } from "./messages/newsletter-server";
import { orderLinkMessages } from "./messages/order-link";
import { searchMessages } from "./messages/search";
import { searchServerMessages } from "./messages/search-server";
import { toastMessages } from "./messages/toast";
import { uiMessages } from "./messages/ui";
import { wishlistsMessages } from "./messages/wishlists";
import { wishlistsToggleMessages } from "./messages/wishlists-toggle";
import { withdrawalMessages } from "./messages/withdrawal";

/**
 * The en-GB catalogue (the only locale): every area's message set in one typed object. Keys keep the names the product
 * gives them (error.{status}_title/_desc/_action, wishlists.*); wordings the product fixes (toasts, the terms message,
 * the not-found message: docs/storefront-behaviour/interface.md) are kept word for word. Browser code imports its
 * area's set (messages/<area>.ts) rather than this object, so a page's scripts carry only the texts it shows.
 */
export const AREA_MESSAGE_SETS = {
  error: { ...errorMessages, ...crossSiteErrorMessages, ...requestBodyErrorMessages, ...serverErrorMessages },
  toast: toastMessages,
  checkout: { ...checkoutMessages, ...checkoutPageMessages, ...checkoutServerMessages },
  wishlists: { ...wishlistsMessages, ...wishlistsToggleMessages },
  ui: uiMessages,
  layout: { ...layoutMessages, ...layoutServerMessages },
  auth: authMessages,
  search: { ...searchMessages, ...searchServerMessages },
  account: { ...accountMessages, ...accountServerMessages },
  cart: { ...cartMessages, ...cartAddMessages, ...cartFormMessages, ...cartServerMessages },
  catalog: {
    ...catalogMessages,
    ...catalogListingMessages,
    ...catalogProductMessages,
    ...catalogProductServerMessages,
    ...catalogStoreMessages,
  },
  content: { ...contentMessages, ...contentServerMessages },
  consent: consentMessages,
  newsletter: { ...newsletterMessages, ...newsletterServerMessages },
  back_in_stock: { ...backInStockMessages, ...backInStockPageMessages, ...backInStockServerMessages },
  blog: blogMessages,
  contact: contactMessages,
  accessibility: accessibilityMessages,
  order_link: orderLinkMessages,
  withdrawal: withdrawalMessages,
  account_deletion: accountDeletionMessages,
  privacy: { ...privacyMessages, ...privacyServerMessages },
  media: mediaServerMessages,
} as const;

export const messages = {
  ...errorMessages,
  ...crossSiteErrorMessages,
  ...requestBodyErrorMessages,
  ...serverErrorMessages,
  ...toastMessages,
  ...checkoutMessages,
  ...checkoutPageMessages,
  ...checkoutServerMessages,
  ...wishlistsMessages,
  ...wishlistsToggleMessages,
  ...uiMessages,
  ...layoutMessages,
  ...layoutServerMessages,
  ...authMessages,
  ...searchMessages,
  ...searchServerMessages,
  ...accountMessages,
  ...accountServerMessages,
  ...cartMessages,
  ...cartAddMessages,
  ...cartFormMessages,
  ...cartServerMessages,
  ...catalogMessages,
  ...catalogListingMessages,
  ...catalogProductMessages,
  ...catalogProductServerMessages,
  ...catalogStoreMessages,
  ...contentMessages,
  ...contentServerMessages,
  ...consentMessages,
  ...newsletterMessages,
  ...newsletterServerMessages,
  ...backInStockMessages,
  ...backInStockPageMessages,
  ...backInStockServerMessages,
  ...blogMessages,
  ...contactMessages,
  ...accessibilityMessages,
  ...orderLinkMessages,
  ...withdrawalMessages,
  ...accountDeletionMessages,
  ...privacyMessages,
  ...privacyServerMessages,
  ...mediaServerMessages,
} as const;

export type MessageKey = keyof typeof messages;
