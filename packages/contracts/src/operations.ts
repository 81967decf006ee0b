import { z } from "zod";
import {
  AdminListReturnsQuerySchema,
  AdminListReturnsResponseSchema,
  AdminReturnResponseSchema,
  CreateReturnBodySchema,
  ListReturnsQuerySchema,
  ListReturnsResponseSchema,
  RejectReturnBodySchema,
  ReturnDetailResponseSchema,
  ReturnParamsSchema,
  ReturnReasonsResponseSchema,
  ReturnResolutionsResponseSchema,
} from "./returns";
import {
  AddCompanyAddressBodySchema,
  AddressBookResponseSchema,
  AddressParamsSchema,
  CompanyAddressesResponseSchema,
  CompanyAddressResponseSchema,
  SaveAddressBodySchema,
  SavedAddressResponseSchema,
  SetDefaultAddressBodySchema,
} from "./addresses";
import {
  BillingAddressBodySchema,
  CheckoutFieldsBodySchema,
  CheckoutQuerySchema,
  CheckoutSummaryResponseSchema,
  CustomerInfoBodySchema,
  DeliveryAddressBodySchema,
  DeliveryOptionBodySchema,
  DeliveryOptionsResponseSchema,
  DiscountCodeBodySchema,
} from "./checkout";
import {
  AdminCancelOrderBodySchema,
  AdminListOrdersQuerySchema,
  AdminListOrdersResponseSchema,
  AdminOrderResponseSchema,
  CreatedOrderResponseSchema,
  ListOrdersQuerySchema,
  ListOrdersResponseSchema,
  OrderParamsSchema,
  OrderQuerySchema,
  OrderResponseSchema,
  OrderSummaryResponseSchema,
  PdfDocumentSchema,
  PlaceOrderBodySchema,
  ShipOrderBodySchema,
} from "./orders";
import {
  AdminListRefundsQuerySchema,
  AdminListRefundsResponseSchema,
  AdminRefundResponseSchema,
  RefundParamsSchema,
  CreatePaymentBodySchema,
  CustomerCreditAccountResponseSchema,
  CustomerCreditsResponseSchema,
  CustomerParamsSchema,
  PaymentProvidersQuerySchema,
  PaymentProvidersResponseSchema,
  PaymentParamsSchema,
  WebhookBodySchema,
  WebhookParamsSchema,
  WebhookResponseSchema,
  PaymentResponseSchema,
  ProcessPaymentBodySchema,
  RefreshPaymentBodySchema,
  SetCreditLimitBodySchema,
} from "./payments";
import {
  AcknowledgeCartNotificationsBodySchema,
  AddToCartBodySchema,
  AddToCartBulkBodySchema,
  AddToCartBulkResponseSchema,
  CartResponseSchema,
  ChangeCartQuantityBodySchema,
  GetCartQuerySchema,
  MergeCartParamsSchema,
  RemoveCartLinesBodySchema,
  ReorderParamsSchema,
  ReorderResponseSchema,
  SetCartAddonsBulkBodySchema,
  SetCartLineAddonsBodySchema,
} from "./cart";
import {
  AddonsByProductQuerySchema,
  AddonsByProductResponseSchema,
  AddonsResponseSchema,
  CategoryDetailResponseSchema,
  CategoryIdParamsSchema,
  CategorySlugParamsSchema,
  CategoryTreeResponseSchema,
  FilterAttributesResponseSchema,
  ListAddonsQuerySchema,
  ListCategoriesQuerySchema,
  ListCategoriesResponseSchema,
  ListProductsQuerySchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  ProductFiltersQuerySchema,
  ProductFiltersResponseSchema,
  ProductFilterTypesBodySchema,
  ProductFilterTypesResponseSchema,
  ProductIdParamsSchema,
  ProductSlugParamsSchema,
  ProductTypeIdParamsSchema,
  ProductTypeResponseSchema,
  SubcategoriesQuerySchema,
  SubcategoriesResponseSchema,
  VariantIdParamsSchema,
  VariantsBySkuQuerySchema,
  AnalyticsItemsQuerySchema,
  AnalyticsItemsResponseSchema,
  VariantsBySkuResponseSchema,
  VariantWithProductResponseSchema,
} from "./catalog";
import { IdempotentCallHeadersSchema } from "./common";
import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  RecommendationParamsSchema,
  RecommendationQuerySchema,
  RecommendationsResponseSchema,
} from "./search";
import {
  ListPagesQuerySchema,
  ListPagesResponseSchema,
  ListRedirectsQuerySchema,
  ListRedirectsResponseSchema,
  MenuCodeParamsSchema,
  MenuTreeResponseSchema,
  PageByUrlQuerySchema,
  PageResponseSchema,
  SitemapProductsQuerySchema,
  SitemapProductsResponseSchema,
} from "./content";
import {
  BlogCategoryBySlugQuerySchema,
  BlogCategoryResponseSchema,
  ListBlogCategoriesResponseSchema,
  ListBlogPostsQuerySchema,
  ListBlogPostsResponseSchema,
} from "./blog";
import {
  AdminListContactMessagesQuerySchema,
  AdminListContactMessagesResponseSchema,
  ContactMessageBodySchema,
  ContactMessageResponseSchema,
} from "./contact";
import {
  BackInStockConfirmationResponseSchema,
  BackInStockConfirmBodySchema,
  BackInStockSubscribeBodySchema,
  BackInStockSubscribeResponseSchema,
  ListViewedProductsQuerySchema,
  ListViewedProductsResponseSchema,
  MergeViewedProductsBodySchema,
  ViewedVariantParamsSchema,
  ViewerQuerySchema,
} from "./engagement";
import {
  NewsletterLinkResponseSchema,
  NewsletterSubscribeResponseSchema,
  NewsletterSubscriptionBodySchema,
  NewsletterSubscriptionResponseSchema,
  NewsletterTokenBodySchema,
} from "./marketing";
import {
  AcceptedResponseSchema,
  ChangePasswordBodySchema,
  CurrentCustomerResponseSchema,
  CustomerSettingsResponseSchema,
  InviteCompleteBodySchema,
  LinkStatusBodySchema,
  LinkStatusResponseSchema,
  PasswordResetBodySchema,
  PasswordResetCompleteBodySchema,
  PrivacyPolicyParamsSchema,
  PrivacyPolicyResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignupCompleteBodySchema,
  SignupRequestBodySchema,
  UpdateCustomerSettingsBodySchema,
} from "./identity";
import { StoreSettingsResponseSchema } from "./store-settings";
import {
  ListWishlistsQuerySchema,
  ListWishlistsResponseSchema,
  PutWishlistItemBodySchema,
  RemoveVariantFromWishlistsQuerySchema,
  RemoveWishlistItemsBodySchema,
  UpdateWishlistItemBodySchema,
  WishlistDetailResponseSchema,
  WishlistIdParamsSchema,
  WishlistItemLookupQuerySchema,
  WishlistItemLookupResponseSchema,
  WishlistItemParamsSchema,
  WishlistItemRefResponseSchema,
  WishlistNameBodySchema,
  WishlistSummaryResponseSchema,
  WishlistVariantIdsResponseSchema,
} from "./wishlists";

// The API's operations as data (docs/decisions/022): the one place that says, for each operationId, which
// method and path it answers, what it takes and what it answers on success. The API registers its routes
// from these entries and adds only what is the server's business (handler, tags, security, error codes);
// the storefront's client is typed by them. A path template is Fastify's: `:name` is a parameter, and the
// spec's `slug=` is a literal part of the path (GET /products/slug=:slug).

/** The answer of a call that succeeds with 204: no body, which the client reads as null. */
export const NoContentSchema = z.null().describe("Done; no body");

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
export type SuccessStatus = 200 | 201 | 202 | 204;

/** One API operation: how it is called and what it answers on success. */
export interface Operation {
  method: HttpMethod;
  /** Fastify's template: `/wishlists/:id/wishlist-items/:itemId`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers beyond the spec's (API-Key, StoreKey...), which every call sends. */
  headers?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The status of success; 200 when not said. */
  status?: SuccessStatus;
  /** The media type of a success that is not JSON (a PDF): the response schema then describes its bytes. */
  produces?: "application/pdf";
}

export const operations = {
  // Store settings.
  getStoreSettings: { method: "GET", path: "/store-settings", response: StoreSettingsResponseSchema },

  // Catalogue: categories.
  getCategoryTree: { method: "GET", path: "/categories/tree", response: CategoryTreeResponseSchema },
  listCategories: { method: "GET", path: "/categories", query: ListCategoriesQuerySchema, response: ListCategoriesResponseSchema },
  listSubcategories: {
    method: "GET",
    path: "/categories/subcategories",
    query: SubcategoriesQuerySchema,
    response: SubcategoriesResponseSchema,
  },
  getCategoryBySlug: {
    method: "GET",
    path: "/categories/slug=:slug",
    params: CategorySlugParamsSchema,
    response: CategoryDetailResponseSchema,
  },
  getCategory: { method: "GET", path: "/categories/:id", params: CategoryIdParamsSchema, response: CategoryDetailResponseSchema },

  // Catalogue: products, add-ons, product types and filters.
  listProducts: { method: "GET", path: "/products", query: ListProductsQuerySchema, response: ListProductsResponseSchema },
  autocompleteProducts: {
    method: "GET",
    path: "/products/search/autocomplete",
    query: AutocompleteQuerySchema,
    response: AutocompleteResponseSchema,
  },
  getRecommendations: {
    method: "GET",
    path: "/recommendations/:type",
    params: RecommendationParamsSchema,
    query: RecommendationQuerySchema,
    response: RecommendationsResponseSchema,
  },
  listVariantsBySku: {
    method: "GET",
    path: "/products/variants/by-sku",
    query: VariantsBySkuQuerySchema,
    response: VariantsBySkuResponseSchema,
  },
  listAnalyticsItems: {
    method: "GET",
    path: "/products/variants/analytics-items",
    query: AnalyticsItemsQuerySchema,
    response: AnalyticsItemsResponseSchema,
  },
  getVariant: {
    method: "GET",
    path: "/products/variants/:id",
    params: VariantIdParamsSchema,
    response: VariantWithProductResponseSchema,
  },
  getProductBySlug: {
    method: "GET",
    path: "/products/slug=:slug",
    params: ProductSlugParamsSchema,
    response: ProductDetailResponseSchema,
  },
  getProduct: { method: "GET", path: "/products/:id", params: ProductIdParamsSchema, response: ProductDetailResponseSchema },
  listProductAddons: { method: "GET", path: "/products/:id/add-ons", params: ProductIdParamsSchema, response: AddonsResponseSchema },
  listAddons: { method: "GET", path: "/add-ons", query: ListAddonsQuerySchema, response: AddonsResponseSchema },
  listAddonsByProduct: {
    method: "GET",
    path: "/add-ons/by-product",
    query: AddonsByProductQuerySchema,
    response: AddonsByProductResponseSchema,
  },
  getProductType: {
    method: "GET",
    path: "/product-types/:id",
    params: ProductTypeIdParamsSchema,
    response: ProductTypeResponseSchema,
  },
  listProductTypeFilters: {
    method: "POST",
    path: "/product-filters/types",
    body: ProductFilterTypesBodySchema,
    response: ProductFilterTypesResponseSchema,
  },
  listFilterAttributes: { method: "GET", path: "/product-filters/attributes", response: FilterAttributesResponseSchema },
  getProductFilters: {
    method: "GET",
    path: "/product-filters",
    query: ProductFiltersQuerySchema,
    response: ProductFiltersResponseSchema,
  },

  // Content.
  getMenuTree: { method: "GET", path: "/menus/:code/tree", params: MenuCodeParamsSchema, response: MenuTreeResponseSchema },
  listRedirects: { method: "GET", path: "/redirects", query: ListRedirectsQuerySchema, response: ListRedirectsResponseSchema },
  getPageByUrl: { method: "GET", path: "/pages/by-url", query: PageByUrlQuerySchema, response: PageResponseSchema },
  listPages: { method: "GET", path: "/pages", query: ListPagesQuerySchema, response: ListPagesResponseSchema },

  // Blog.
  getBlogCategoryBySlug: {
    method: "GET",
    path: "/blog-categories/by-slug",
    query: BlogCategoryBySlugQuerySchema,
    response: BlogCategoryResponseSchema,
  },
  listBlogCategories: { method: "GET", path: "/blog-categories", response: ListBlogCategoriesResponseSchema },
  listBlogPosts: { method: "GET", path: "/blog-posts", query: ListBlogPostsQuerySchema, response: ListBlogPostsResponseSchema },

  // Contact.
  sendContactMessage: {
    method: "POST",
    path: "/contact-messages",
    body: ContactMessageBodySchema,
    response: ContactMessageResponseSchema,
    status: 202,
  },
  listAdminContactMessages: {
    method: "GET",
    path: "/admin/contact-messages",
    query: AdminListContactMessagesQuerySchema,
    response: AdminListContactMessagesResponseSchema,
  },
  listSitemapProducts: {
    method: "GET",
    path: "/sitemap/products",
    query: SitemapProductsQuerySchema,
    response: SitemapProductsResponseSchema,
  },

  // Cart. Every answer is the whole cart.
  addToCart: {
    method: "PUT",
    path: "/baskets",
    headers: IdempotentCallHeadersSchema,
    body: AddToCartBodySchema,
    response: CartResponseSchema,
  },
  addToCartBulk: {
    method: "PUT",
    path: "/baskets/bulk",
    headers: IdempotentCallHeadersSchema,
    body: AddToCartBulkBodySchema,
    response: AddToCartBulkResponseSchema,
  },
  getCart: { method: "GET", path: "/baskets", query: GetCartQuerySchema, response: CartResponseSchema },
  setCartLineQuantity: {
    method: "PUT",
    path: "/baskets/products/quantity",
    body: ChangeCartQuantityBodySchema,
    response: CartResponseSchema,
  },
  removeCartLines: { method: "DELETE", path: "/baskets/products", body: RemoveCartLinesBodySchema, response: CartResponseSchema },
  setCartLineAddons: { method: "PUT", path: "/baskets/addons", body: SetCartLineAddonsBodySchema, response: CartResponseSchema },
  setCartAddonsBulk: {
    method: "PUT",
    path: "/baskets/addons/bulk",
    body: SetCartAddonsBulkBodySchema,
    response: CartResponseSchema,
  },
  acknowledgeCartNotifications: {
    method: "PUT",
    path: "/baskets/notifications/acknowledge",
    body: AcknowledgeCartNotificationsBodySchema,
    response: CartResponseSchema,
  },
  mergeGuestCart: { method: "PUT", path: "/baskets/:id/merge", params: MergeCartParamsSchema, response: CartResponseSchema },
  reorderIntoCart: {
    method: "PUT",
    path: "/baskets/orders/:orderId/merge",
    params: ReorderParamsSchema,
    headers: IdempotentCallHeadersSchema,
    response: ReorderResponseSchema,
  },

  // Checkout (decision 024).
  getCheckoutSummary: {
    method: "GET",
    path: "/baskets/checkout/summary",
    query: CheckoutQuerySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutCustomerInfo: {
    method: "PUT",
    path: "/baskets/checkout/customer-info",
    body: CustomerInfoBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutDeliveryAddress: {
    method: "PUT",
    path: "/baskets/checkout/delivery-address",
    body: DeliveryAddressBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutBillingAddress: {
    method: "PUT",
    path: "/baskets/checkout/billing-address",
    body: BillingAddressBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  listCheckoutDeliveryOptions: {
    method: "GET",
    path: "/baskets/checkout/delivery/available-options",
    query: CheckoutQuerySchema,
    response: DeliveryOptionsResponseSchema,
  },
  setCheckoutDeliveryOption: {
    method: "PUT",
    path: "/baskets/checkout/delivery/options",
    body: DeliveryOptionBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  applyCheckoutDiscountCode: {
    method: "PUT",
    path: "/baskets/checkout/discount-codes",
    body: DiscountCodeBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  removeCheckoutDiscountCode: {
    method: "DELETE",
    path: "/baskets/checkout/discount-codes",
    body: DiscountCodeBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  // The basket's own changes, made from the checkout page: the cart's bodies, the summary as the answer.
  setCheckoutLineQuantity: {
    method: "PUT",
    path: "/baskets/checkout/products/quantity",
    body: ChangeCartQuantityBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  removeCheckoutLines: {
    method: "DELETE",
    path: "/baskets/checkout/products",
    body: RemoveCartLinesBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutLineAddons: {
    method: "PUT",
    path: "/baskets/checkout/products/addons",
    body: SetCartLineAddonsBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutAddonsBulk: {
    method: "PUT",
    path: "/baskets/checkout/products/addons/bulk",
    body: SetCartAddonsBulkBodySchema,
    response: CheckoutSummaryResponseSchema,
  },
  setCheckoutFields: {
    method: "PUT",
    path: "/baskets/checkout/customers-fields",
    body: CheckoutFieldsBodySchema,
    response: CheckoutSummaryResponseSchema,
  },

  // Orders (decision 024).
  placeOrder: {
    method: "POST",
    path: "/orders",
    headers: IdempotentCallHeadersSchema,
    body: PlaceOrderBodySchema,
    response: CreatedOrderResponseSchema,
    status: 201,
  },
  getOrder: { method: "GET", path: "/orders/:id", params: OrderParamsSchema, query: OrderQuerySchema, response: OrderResponseSchema },
  getOrderSummary: {
    method: "GET",
    path: "/orders/:id/summary",
    params: OrderParamsSchema,
    query: OrderQuerySchema,
    response: OrderSummaryResponseSchema,
  },
  listOrders: { method: "GET", path: "/orders", query: ListOrdersQuerySchema, response: ListOrdersResponseSchema },
  cancelOrder: { method: "PUT", path: "/orders/:id/cancel", params: OrderParamsSchema, response: OrderResponseSchema },
  getProformaInvoice: {
    method: "GET",
    path: "/orders/:id/proforma-invoice",
    params: OrderParamsSchema,
    query: OrderQuerySchema,
    response: PdfDocumentSchema,
    produces: "application/pdf",
  },

  // Order returns (the return machine in the API's returns module).
  listReturnReasons: { method: "GET", path: "/order-returns/reasons", response: ReturnReasonsResponseSchema },
  listReturnResolutions: { method: "GET", path: "/order-returns/resolutions", response: ReturnResolutionsResponseSchema },
  createReturn: {
    method: "POST",
    path: "/order-returns",
    headers: IdempotentCallHeadersSchema,
    body: CreateReturnBodySchema,
    response: ReturnDetailResponseSchema,
    status: 201,
  },
  listReturns: { method: "GET", path: "/order-returns", query: ListReturnsQuerySchema, response: ListReturnsResponseSchema },
  getReturn: { method: "GET", path: "/order-returns/:id", params: ReturnParamsSchema, response: ReturnDetailResponseSchema },

  // Payments and credit (decision 025).
  listPaymentProviders: {
    method: "GET",
    path: "/payment-providers",
    query: PaymentProvidersQuerySchema,
    response: PaymentProvidersResponseSchema,
  },
  createPayment: {
    method: "POST",
    path: "/payments",
    headers: IdempotentCallHeadersSchema,
    body: CreatePaymentBodySchema,
    response: PaymentResponseSchema,
    status: 201,
  },
  processPayment: {
    method: "PUT",
    path: "/payments/:id/process",
    params: PaymentParamsSchema,
    body: ProcessPaymentBodySchema,
    response: PaymentResponseSchema,
  },
  refreshPayment: { method: "POST", path: "/payments/refresh", body: RefreshPaymentBodySchema, response: PaymentResponseSchema },
  getCustomerCredits: { method: "GET", path: "/customers/credits", response: CustomerCreditAccountResponseSchema },
  receiveWebhook: {
    method: "POST",
    path: "/webhooks/:provider",
    params: WebhookParamsSchema,
    body: WebhookBodySchema,
    response: WebhookResponseSchema,
  },

  // The merchant's admin API (Admin-Key): orders.
  listAdminOrders: { method: "GET", path: "/admin/orders", query: AdminListOrdersQuerySchema, response: AdminListOrdersResponseSchema },
  getAdminOrder: { method: "GET", path: "/admin/orders/:id", params: OrderParamsSchema, response: AdminOrderResponseSchema },
  shipOrder: {
    method: "PUT",
    path: "/admin/orders/:id/ship",
    params: OrderParamsSchema,
    body: ShipOrderBodySchema,
    response: AdminOrderResponseSchema,
  },
  deliverOrder: { method: "PUT", path: "/admin/orders/:id/deliver", params: OrderParamsSchema, response: AdminOrderResponseSchema },
  confirmBankTransfer: {
    method: "PUT",
    path: "/admin/orders/:id/confirm-transfer",
    params: OrderParamsSchema,
    response: AdminOrderResponseSchema,
  },
  setCustomerCreditLimit: {
    method: "PUT",
    path: "/admin/customers/:id/credit",
    params: CustomerParamsSchema,
    body: SetCreditLimitBodySchema,
    response: CustomerCreditsResponseSchema,
  },
  adminCancelOrder: {
    method: "PUT",
    path: "/admin/orders/:id/cancel",
    params: OrderParamsSchema,
    body: AdminCancelOrderBodySchema,
    response: AdminOrderResponseSchema,
  },

  // The merchant's admin API: refunds.
  listAdminRefunds: {
    method: "GET",
    path: "/admin/refunds",
    query: AdminListRefundsQuerySchema,
    response: AdminListRefundsResponseSchema,
  },
  markRefundPaidBack: {
    method: "PUT",
    path: "/admin/refunds/:id/paid-back",
    params: RefundParamsSchema,
    response: AdminRefundResponseSchema,
  },

  // The merchant's admin API: returns.
  listAdminReturns: {
    method: "GET",
    path: "/admin/order-returns",
    query: AdminListReturnsQuerySchema,
    response: AdminListReturnsResponseSchema,
  },
  getAdminReturn: { method: "GET", path: "/admin/order-returns/:id", params: ReturnParamsSchema, response: AdminReturnResponseSchema },
  receiveReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/receive",
    params: ReturnParamsSchema,
    response: AdminReturnResponseSchema,
  },
  approveReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/approve",
    params: ReturnParamsSchema,
    response: AdminReturnResponseSchema,
  },
  rejectReturn: {
    method: "PUT",
    path: "/admin/order-returns/:id/reject",
    params: ReturnParamsSchema,
    body: RejectReturnBodySchema,
    response: AdminReturnResponseSchema,
  },

  // Wishlists.
  listWishlists: { method: "GET", path: "/wishlists", query: ListWishlistsQuerySchema, response: ListWishlistsResponseSchema },
  createWishlist: {
    method: "POST",
    path: "/wishlists",
    body: WishlistNameBodySchema,
    response: WishlistSummaryResponseSchema,
    status: 201,
  },
  listWishlistVariantIds: { method: "GET", path: "/wishlists/variant-ids", response: WishlistVariantIdsResponseSchema },
  findWishlistItems: {
    method: "GET",
    path: "/wishlists/wishlist-items",
    query: WishlistItemLookupQuerySchema,
    response: WishlistItemLookupResponseSchema,
  },
  removeVariantFromWishlists: {
    method: "DELETE",
    path: "/wishlists/wishlist-items",
    query: RemoveVariantFromWishlistsQuerySchema,
    response: NoContentSchema,
    status: 204,
  },
  putWishlistItem: {
    method: "PUT",
    path: "/wishlists/wishlist-items",
    body: PutWishlistItemBodySchema,
    response: WishlistItemRefResponseSchema,
  },
  getWishlist: { method: "GET", path: "/wishlists/:id", params: WishlistIdParamsSchema, response: WishlistDetailResponseSchema },
  renameWishlist: {
    method: "PUT",
    path: "/wishlists/:id",
    params: WishlistIdParamsSchema,
    body: WishlistNameBodySchema,
    response: WishlistSummaryResponseSchema,
  },
  deleteWishlist: { method: "DELETE", path: "/wishlists/:id", params: WishlistIdParamsSchema, response: NoContentSchema, status: 204 },
  updateWishlistItem: {
    method: "PUT",
    path: "/wishlists/:id/wishlist-items/:itemId",
    params: WishlistItemParamsSchema,
    body: UpdateWishlistItemBodySchema,
    response: WishlistItemRefResponseSchema,
  },
  removeWishlistItems: {
    method: "DELETE",
    path: "/wishlists/:id/wishlist-items",
    params: WishlistIdParamsSchema,
    body: RemoveWishlistItemsBodySchema,
    response: NoContentSchema,
    status: 204,
  },
  removeWishlistItem: {
    method: "DELETE",
    path: "/wishlists/:id/wishlist-items/:itemId",
    params: WishlistItemParamsSchema,
    response: NoContentSchema,
    status: 204,
  },

  // Back-in-stock notifications.
  subscribeBackInStock: {
    method: "POST",
    path: "/notifications/back-in-stock",
    body: BackInStockSubscribeBodySchema,
    response: BackInStockSubscribeResponseSchema,
    status: 202,
  },
  confirmBackInStock: {
    method: "POST",
    path: "/notifications/back-in-stock/confirm",
    body: BackInStockConfirmBodySchema,
    response: BackInStockConfirmationResponseSchema,
  },
  previewBackInStockConfirmation: {
    method: "POST",
    path: "/notifications/back-in-stock/confirm/preview",
    body: BackInStockConfirmBodySchema,
    response: BackInStockConfirmationResponseSchema,
  },

  // Marketing subscriptions (decision 034).
  getNewsletterSubscription: { method: "GET", path: "/marketing-customers/subscriptions", response: NewsletterSubscriptionResponseSchema },
  updateNewsletterSubscription: {
    method: "PUT",
    path: "/marketing-customers/subscriptions",
    body: NewsletterSubscriptionBodySchema,
    response: NewsletterSubscribeResponseSchema,
    status: 202,
  },
  confirmNewsletterSubscription: {
    method: "POST",
    path: "/marketing-customers/subscriptions/confirm",
    body: NewsletterTokenBodySchema,
    response: NewsletterLinkResponseSchema,
  },
  previewNewsletterLink: {
    method: "POST",
    path: "/marketing-customers/subscriptions/confirm/preview",
    body: NewsletterTokenBodySchema,
    response: NewsletterLinkResponseSchema,
  },
  unsubscribeNewsletter: {
    method: "POST",
    path: "/marketing-customers/subscriptions/unsubscribe",
    body: NewsletterTokenBodySchema,
    response: NewsletterLinkResponseSchema,
  },

  // Recently viewed.
  recordProductView: {
    method: "POST",
    path: "/viewed-products/variants/:id",
    params: ViewedVariantParamsSchema,
    query: ViewerQuerySchema,
    response: NoContentSchema,
    status: 204,
  },
  listViewedProducts: {
    method: "GET",
    path: "/viewed-products",
    query: ListViewedProductsQuerySchema,
    response: ListViewedProductsResponseSchema,
  },
  mergeViewedProducts: {
    method: "PUT",
    path: "/viewed-products/merge",
    body: MergeViewedProductsBodySchema,
    response: NoContentSchema,
    status: 204,
  },
  clearViewedProducts: { method: "DELETE", path: "/viewed-products", query: ViewerQuerySchema, response: NoContentSchema, status: 204 },

  // Sign-in, registration, password reset.
  signIn: { method: "POST", path: "/auth/sign-in", body: SignInBodySchema, response: SignInResponseSchema },
  signOut: { method: "POST", path: "/auth/sign-out", response: NoContentSchema, status: 204 },
  requestSignup: {
    method: "POST",
    path: "/auth/signup-request",
    body: SignupRequestBodySchema,
    response: AcceptedResponseSchema,
    status: 202,
  },
  completeSignup: {
    method: "PUT",
    path: "/auth/signup-request/complete",
    body: SignupCompleteBodySchema,
    response: SignInResponseSchema,
    status: 201,
  },
  completeInvite: {
    method: "PUT",
    path: "/auth/invites/complete",
    body: InviteCompleteBodySchema,
    response: SignInResponseSchema,
    status: 201,
  },
  getLinkStatus: { method: "POST", path: "/auth/links/status", body: LinkStatusBodySchema, response: LinkStatusResponseSchema },
  requestPasswordReset: {
    method: "POST",
    path: "/passwords/reset",
    body: PasswordResetBodySchema,
    response: AcceptedResponseSchema,
    status: 202,
  },
  completePasswordReset: {
    method: "POST",
    path: "/passwords/reset/complete",
    body: PasswordResetCompleteBodySchema,
    response: SignInResponseSchema,
  },

  // The signed-in customer and the privacy policy.
  getCurrentCustomer: { method: "GET", path: "/customers/current", response: CurrentCustomerResponseSchema },
  getCustomerSettings: { method: "GET", path: "/customers/current/settings", response: CustomerSettingsResponseSchema },
  updateCustomerSettings: {
    method: "PUT",
    path: "/customers/current/settings",
    body: UpdateCustomerSettingsBodySchema,
    response: CustomerSettingsResponseSchema,
  },
  changePassword: {
    method: "PUT",
    path: "/customers/current/password",
    body: ChangePasswordBodySchema,
    response: NoContentSchema,
    status: 204,
  },
  getCurrentPrivacyPolicy: { method: "GET", path: "/privacy-policies/current", response: PrivacyPolicyResponseSchema },
  acceptPrivacyPolicy: {
    method: "PUT",
    path: "/privacy-policies/:id/accept",
    params: PrivacyPolicyParamsSchema,
    response: CurrentCustomerResponseSchema,
  },

  // The customer's address book and their company's addresses.
  listAddresses: { method: "GET", path: "/customers/addresses", response: AddressBookResponseSchema },
  createAddress: {
    method: "POST",
    path: "/customers/addresses",
    body: SaveAddressBodySchema,
    response: SavedAddressResponseSchema,
    status: 201,
  },
  updateAddress: {
    method: "PUT",
    path: "/customers/addresses/:id",
    params: AddressParamsSchema,
    body: SaveAddressBodySchema,
    response: SavedAddressResponseSchema,
  },
  deleteAddress: {
    method: "DELETE",
    path: "/customers/addresses/:id",
    params: AddressParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  setDefaultAddress: {
    method: "PUT",
    path: "/customers/addresses/:id/default",
    params: AddressParamsSchema,
    body: SetDefaultAddressBodySchema,
    response: SavedAddressResponseSchema,
  },
  listCompanyAddresses: { method: "GET", path: "/customers/companies/addresses", response: CompanyAddressesResponseSchema },
  addCompanyAddress: {
    method: "POST",
    path: "/customers/companies/address",
    body: AddCompanyAddressBodySchema,
    response: CompanyAddressResponseSchema,
    status: 201,
  },
} as const satisfies Record<string, Operation>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** The schema of one part of an operation, or `undefined` when the operation takes no such part. */
export type OperationPart<Id extends OperationId, Part extends "params" | "query" | "headers" | "body"> = Operations[Id] extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** The status an operation answers on success. */
export type SuccessStatusOf<Id extends OperationId> = Operations[Id] extends { status: infer S extends SuccessStatus } ? S : 200;

/** What a successful call answers, parsed. */
export type OperationAnswer<Id extends OperationId> = z.output<Operations[Id]["response"]>;
