import { NoContentSchema, type Operation } from "./operation";
import {
  BackInStockConfirmBodySchema,
  BackInStockConfirmationResponseSchema,
  BackInStockSubscribeBodySchema,
  BackInStockSubscribeResponseSchema,
  ListViewedProductsQuerySchema,
  ListViewedProductsResponseSchema,
  MergeViewedProductsBodySchema,
  ViewedVariantParamsSchema,
  ViewerQuerySchema,
} from "../engagement";
import {
  NewsletterLinkResponseSchema,
  NewsletterSubscribeResponseSchema,
  NewsletterSubscriptionBodySchema,
  NewsletterSubscriptionResponseSchema,
  NewsletterTokenBodySchema,
} from "../marketing";

/** Back-in-stock notifications, marketing subscriptions and recently viewed products. */
export const engagementOperations = {
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
} as const satisfies Record<string, Operation>;
