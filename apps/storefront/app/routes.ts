import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The whole URL map (spec section 2). Screens whose features arrive with later issues share one honest
 * "not available yet" module, each under its own route id, until their issue lands.
 */
const notYet = (path: string, id: string) => route(path, "routes/not-yet-available.tsx", { id });

export default [
  // Resource routes answered by the server: robots.txt, sitemaps, legacy shop URLs, generated media, preferences.
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("index-sitemap.xml", "routes/sitemap-pages.ts"),
  route("en-GB-sitemap.xml", "routes/sitemap-products.ts"),
  route("shop/*", "routes/legacy-shop.ts"),
  route("media/covers/:file", "routes/media-cover.ts"),
  route("preferences", "routes/preferences.ts"),
  route("cart/add", "routes/cart-add.ts"),
  route("cart/notices", "routes/cart-notices.ts"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("favorites/items", "routes/favorites-items.ts"),
  route("recently-viewed", "routes/recently-viewed.ts"),
  route("newsletter", "routes/newsletter.ts"),
  route("search/suggestions", "routes/search-suggestions.ts"),
  route("successful-order/:id/proforma-invoice", "routes/successful-order-proforma.ts"),
  route("checkout/payment-return", "routes/checkout-payment-return.ts"),

  layout("layouts/default-layout.tsx", [
    index("routes/home.tsx"),
    route("store", "routes/store.tsx"),
    route("store/:category", "routes/store-category.tsx"),
    route("store/product/:product", "routes/store-product.tsx"),

    route("search", "routes/search.tsx", { id: "search" }),
    route("cart", "routes/cart.tsx", { id: "cart" }),
    route("favorites", "routes/favorites.tsx", { id: "favorites" }),
    route("favorites/add", "routes/favorites-add.tsx", { id: "favorites-add" }),
    route("favorites/:id", "routes/favorites-detail.tsx", { id: "favorites-detail" }),
    route("notifications/back-in-stock/confirm/:token", "routes/back-in-stock-confirm.tsx", { id: "back-in-stock-confirm" }),
    route("newsletter/confirm/:token", "routes/newsletter-link.tsx", { id: "newsletter-confirm" }),
    route("newsletter/unsubscribe/:token", "routes/newsletter-link.tsx", { id: "newsletter-unsubscribe" }),
    layout("layouts/account-layout.tsx", [
      route("account/addresses", "routes/account-addresses.tsx", { id: "account-addresses" }),
      route("account/credit-limit", "routes/account-credit-limit.tsx", { id: "account-credit-limit" }),
      route("account/orders", "routes/account-orders.tsx", { id: "account-orders" }),
      route("account/orders/:id", "routes/account-order-detail.tsx", { id: "account-order" }),
      route("account/returns", "routes/account-returns.tsx", { id: "account-returns" }),
      route("account/returns/:id", "routes/account-return-detail.tsx", { id: "account-return" }),
      route("account/settings", "routes/account-settings.tsx", { id: "account-settings" }),
    ]),
    route("auth/forgot-password", "routes/auth-forgot-password.tsx", { id: "auth-forgot-password" }),
    route("auth/invite/complete/:token", "routes/auth-invite-complete.tsx", { id: "auth-invite-complete" }),
    route("auth/register", "routes/auth-register.tsx", { id: "auth-register" }),
    route("auth/reset-password/:token", "routes/auth-reset-password.tsx", { id: "auth-reset-password" }),
    route("auth/sign-up/complete/:token", "routes/auth-sign-up-complete.tsx", { id: "auth-sign-up-complete" }),
    notYet("blog/list", "blog-list"),
    notYet("blog/category/:category", "blog-category"),
    notYet("blog/tag/:tag", "blog-tag"),
    notYet("blog/post/:blog", "blog-post"),
    notYet("contact-us", "contact-us"),
    notYet("cookies-settings", "cookies-settings"),
    route("privacy-policy", "routes/privacy-policy.tsx", { id: "privacy-policy" }),
    route("successful-order", "routes/successful-order.tsx", { id: "successful-order" }),
    route("successful-order/:id", "routes/successful-order-detail.tsx", { id: "successful-order-detail" }),

    route(":page", "routes/content-page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  layout("layouts/simple-layout.tsx", [route("auth/login", "routes/auth-login.tsx", { id: "auth-login" })]),
  layout("layouts/checkout-layout.tsx", [route("checkout", "routes/checkout.tsx", { id: "checkout" })]),
] satisfies RouteConfig;
