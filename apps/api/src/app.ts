import { registerConnectionCloseWhileClosing } from "./http/closing";
import { registerTraceAttributes } from "./http/trace-attributes";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import qs from "qs";
import { registerRequestIdHeader, requestIdOf } from "./http/request-id";
import { registerMetrics, type PoolStats } from "./http/metrics";
import type { Db } from "./db/client";
import { registerAbandonedReadCancellation } from "./http/abandoned-reads";
import {
  clientErrorHandler,
  CONNECTIONS_CHECK_MS,
  DEFAULT_HTTP_TIMEOUTS,
  IDLE_CONNECTION_TIMEOUT_MS,
  MAX_REQUEST_HEAD_BYTES,
  registerEdgeLimits,
} from "./http/edge-limits";
import { answerError, registerErrorHandling } from "./http/errors";
import { apiLoggerOptions } from "./http/logging";
import { openApiOptions, registerErrorDocumentation } from "./http/openapi";
import { DOCS_CSP, registerSecurityHeaders, setSecurityHeadersBeforeRouting } from "./http/security-headers";
import { registerReadinessCheck } from "./http/readiness";
import { registerRequestContext } from "./http/request-context";
import { createCountsCache } from "./modules/catalog/catalog-counts-cache";
import { createCatalogIndex, type CatalogIndex } from "./modules/catalog/catalog-index-keeper";
import { addressesRoutes } from "./modules/addresses/addresses.routes";
import { cartRoutes } from "./modules/cart/cart.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { ordersAdminRoutes } from "./modules/orders/orders-admin.routes";
import { ordersRoutes } from "./modules/orders/orders.routes";
import { returnsRoutes } from "./modules/returns/returns.routes";
import { withdrawalsRoutes } from "./modules/returns/withdrawals.routes";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import type { PaymentGateways } from "./modules/payments/gateways/gateways";
import { moneyFlowsOf } from "./flows/flow-deps";
import { paymentWebhookRoutes } from "./modules/payments/payments-webhooks.routes";
import { paymentsAdminRoutes } from "./modules/payments/payments-admin.routes";
import { catalogRoutes, productPreviewRoutes } from "./modules/catalog/catalog.routes";
import type { ProductSearch } from "./modules/catalog/product-search";
import { postgresProductSearch } from "./modules/catalog/search/search.service";
import { searchRoutes } from "./modules/catalog/search/search.routes";
import { recommendationsRoutes } from "./modules/recommendations/recommendations.routes";
import { createAccessTokens } from "./modules/identity/access-tokens";
import { identityRoutes } from "./modules/identity/identity.routes";
import { findSessionCustomer } from "./modules/identity/sessions.repository";
import { contentRoutes, pagePreviewRoutes } from "./modules/content/content.routes";
import { blogPreviewRoutes, blogRoutes } from "./modules/blog/blog.routes";
import { blogAdminRoutes } from "./modules/blog/blog-admin.routes";
import { contentAdminRoutes } from "./modules/content/content-admin.routes";
import { previewLinkSecretOf } from "./security/preview-links";
import { orderLinksRoutes } from "./modules/orders/order-links.routes";
import { DEVELOPMENT_ORDER_LINK_SECRET } from "./security/order-links";
import { contactRoutes } from "./modules/contact/contact.routes";
import { registerAdminAudit } from "./http/admin-audit";
import { resolveAdminBearer } from "./modules/staff/staff-auth.service";
import { staffRoutes } from "./modules/staff/staff.routes";
import { catalogAdminRoutes } from "./modules/catalog/catalog-admin.routes";
import { catalogAddonsRoutes } from "./modules/catalog/catalog-addons.routes";
import { catalogueFilesRoutes } from "./modules/catalogue-files/catalogue-files.routes";
import { productImagesRoutes } from "./modules/catalog/product-images.routes";
import { temporaryImageStorage } from "./modules/media/local-image-storage";
import type { ImageStorage } from "./modules/media/image-storage";
import { mediaRoutes } from "./modules/media/media.routes";
import { inventoryAdminRoutes } from "./modules/inventory/inventory-admin.routes";
import { jobsAdminRoutes } from "./modules/jobs/jobs-admin.routes";
import { discountCodesAdminRoutes } from "./modules/checkout/discount-codes-admin.routes";
import { customersAdminRoutes } from "./modules/identity/customers-admin.routes";
import { storesAdminRoutes } from "./modules/stores/stores-admin.routes";
import { checkoutSettingsAdminRoutes } from "./modules/checkout/checkout-settings-admin.routes";
import { paymentProvidersAdminRoutes } from "./modules/payments/payment-providers-admin.routes";
import { backInStockRoutes } from "./modules/back-in-stock/back-in-stock.routes";
import { marketingRoutes } from "./modules/marketing/marketing.routes";
import { consentRoutes } from "./modules/consent/consent.routes";
import { personalDataErasureRoutes } from "./modules/identity/personal-data-erasure.routes";
import { personalDataRoutes } from "./modules/identity/personal-data.routes";
import { registerIdempotency } from "./modules/idempotency/idempotency";
import { viewedProductsRoutes } from "./modules/viewed-products/viewed-products.routes";
import { wishlistsRoutes } from "./modules/wishlists/wishlists.routes";
import { storesRoutes } from "./modules/stores/stores.routes";
import { createStoreCache, followStoreSettings } from "./modules/stores/stores.service";
import { createInvalidationHub } from "./modules/page-cache/invalidation-hub";
import { pageCacheRoutes } from "./modules/page-cache/page-cache.routes";

export interface AppDeps {
  db: Db;
  /** Signs customers' access tokens (at least 32 characters). */
  tokenSecret: string;
  /** Read replica for catalogue reads; the primary when absent. */
  readDb?: Db;
  apiKeys: string[];
  /** Keys of the admin API (Admin-Key header); none: the admin API refuses every call. */
  adminApiKeys?: string[];
  /** How long store settings are cached per process; tests use 0. */
  storeCacheTtlMs?: number;
  /**
   * Drop a store's copy as soon as any process changes its settings (the change feed, one listening connection);
   * otherwise only the process that made the change reads it at once, and the others within `storeCacheTtlMs`.
   * On in the running API (main.ts); off by default, so a test's app opens no connection it does not need.
   */
  followStoreSettings?: boolean;
  /** How long product totals and facet counts are cached per process; 0 (the default) turns it off. */
  catalogCountsTtlMs?: number;
  /**
   * The in-memory catalogue index (decision 028) that answers product lists and filters without search text:
   * true builds one per store in the background and follows product changes; or an index of the caller's
   * (tests, to sync it). Off by default, so every catalogue read is SQL and sees the latest write.
   */
  catalogIndex?: boolean | CatalogIndex;
  /** What SearchText matches in product listings; the search index on PostgreSQL (postgresProductSearch) when absent. */
  productSearch?: ProductSearch;
  logger?: FastifyServerOptions["logger"];
  /** Public address of the storefront, for links in emails (default http://localhost:3000). */
  storefrontUrl?: string;
  /** Public address of the back office, for the links in staff invitations (default http://localhost:3001). */
  backOfficeUrl?: string;
  /** Signs and checks guests' order links (decision 041); DEVELOPMENT_ORDER_LINK_SECRET when absent (tests). */
  orderLinkSecret?: string;
  /** The configured payment gateways (modules/payments/gateways); none by default. */
  paymentGateways?: PaymentGateways;
  /** How long a sign-in lasts (default 30 days). */
  sessionTtlDays?: number;
  /** How long a request holds its Idempotency-Key before a retry may take it over (default 60 s). */
  idempotencyLeaseSeconds?: number;
  /** GET /metrics (http/metrics.ts): its bearer token, and the pool's figures; no token, no metrics. */
  metrics?: { token?: string; poolStats?: () => PoolStats };
  /** Whether to take the client's address from X-Forwarded-For (Fastify's trustProxy); off by default. */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** How long a client may take to send its headers and its whole request (default DEFAULT_HTTP_TIMEOUTS). */
  httpTimeouts?: { headersMs: number; requestMs: number };
  /**
   * Where product images are kept (decision 054): main.ts gives the one MEDIA_STORAGE says. Absent (tests): a
   * folder under the system's temporary one, which any number of processes may share, as a file's name is its content.
   */
  imageStorage?: ImageStorage;
}

/** Builds the API without listening, so tests can drive it with inject() or a real port. */
export async function buildApp(deps: AppDeps) {
  const httpTimeouts = deps.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const app = Fastify({
    // Request and error logs leave out secrets and personal data (http/logging.ts).
    logger: deps.logger ? apiLoggerOptions(deps.logger === true ? {} : deps.logger) : false,
    // The storefront sends list filters as indexed array parameters:
    // Filters[0][Code]=format&Filters[0][Values][0]=hardback
    routerOptions: {
      querystringParser: (query) => qs.parse(query, { arrayLimit: 100, depth: 3, parameterLimit: 500 }),
      ignoreTrailingSlash: true,
    },
    bodyLimit: 256 * 1024,
    // Node refuses a longer request head by itself; registerEdgeLimits says which part of a shorter one is too long.
    // A client too slow to send its head or its request is answered 408 by clientErrorHandler (edge-limits.ts).
    http: {
      maxHeaderSize: MAX_REQUEST_HEAD_BYTES,
      headersTimeout: Math.min(httpTimeouts.headersMs, httpTimeouts.requestMs),
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
    requestTimeout: httpTimeouts.requestMs,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      setSecurityHeadersBeforeRouting(reply);
      return answerError(error, request, reply);
    },
    // The id each log line of a request carries: the storefront's, when it sent a plain one (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: deps.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerConnectionCloseWhileClosing(app);
  registerTraceAttributes(app);
  registerMetrics(app, { db: deps.db, ...deps.metrics });
  // Before any route: a GET whose client goes away has its running statement cancelled.
  registerAbandonedReadCancellation(app);
  await registerSecurityHeaders(app);
  registerEdgeLimits(app);

  registerErrorDocumentation(app);
  await app.register(fastifySwagger, openApiOptions());
  // The readable docs need no keys; the hook must exist before swagger-ui registers its routes.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/docs")) route.config = { ...route.config, public: true };
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs", uiConfig: { docExpansion: "list" }, staticCSP: DOCS_CSP });

  const stores = createStoreCache(deps.db, deps.storeCacheTtlMs ?? 10_000);
  if (deps.followStoreSettings) {
    const following = await followStoreSettings(deps.db, stores, app.log);
    app.addHook("onClose", () => following.close());
  }
  const accessTokens = createAccessTokens(deps.tokenSecret);
  registerRequestContext(app, {
    apiKeys: deps.apiKeys,
    adminApiKeys: deps.adminApiKeys ?? [],
    stores,
    resolveBearer: async (token) => {
      const claims = await accessTokens.verify(token);
      if (!claims) return null;
      const customer = await findSessionCustomer(deps.db, claims.sessionId, claims.customerId);
      return customer ? { customer, sessionId: claims.sessionId } : null;
    },
    resolveAdminBearer: (token) => resolveAdminBearer(deps.db, token),
  });
  registerAdminAudit(app, deps.db);

  registerIdempotency(app, { db: deps.db, leaseSeconds: deps.idempotencyLeaseSeconds });

  app.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.get("/health", { config: { public: true }, schema: { hide: true } }, async () => ({ status: "ok" }));

  const readDb = deps.readDb ?? deps.db;
  await app.register(storesRoutes);
  // The index listens for changes on the primary: a replica hears no NOTIFY, and would lag the notice.
  const counts = createCountsCache({
    ttlMs: deps.catalogCountsTtlMs ?? 0,
    onRefreshError: (error) => app.log.warn({ err: error }, "refreshing a cached catalogue count failed; the stale one is kept"),
  });
  let catalogIndex: CatalogIndex | null = typeof deps.catalogIndex === "object" ? deps.catalogIndex : null;
  if (deps.catalogIndex === true) {
    // Counts made from an older index are forgotten when the index takes in a change.
    const ownIndex = await createCatalogIndex({ db: deps.db, log: app.log, onIndexChanged: () => counts.forget() });
    app.addHook("onClose", () => ownIndex.close());
    catalogIndex = ownIndex;
  }
  // Ready once the large stores' catalogue indexes are built, not only once the databases answer.
  const index = catalogIndex;
  // The primary alone: catalogue reads fall back to it while a replica is away (db/replica-fallback.ts).
  registerReadinessCheck(app, [deps.db], () => index?.isWarm() ?? true);
  await app.register(catalogRoutes, {
    db: readDb,
    counts,
    search: deps.productSearch ?? postgresProductSearch(readDb),
    index: catalogIndex,
  });
  await app.register(searchRoutes, { db: readDb, index: catalogIndex });
  await app.register(recommendationsRoutes, { db: readDb });
  await app.register(contentRoutes, { db: readDb });
  // The storefronts' page caches hear what to forget (decision 064); their streams end before the server closes.
  const invalidations = createInvalidationHub(deps.db, app.log);
  app.addHook("preClose", () => invalidations.close());
  await app.register(pageCacheRoutes, { hub: invalidations });
  await app.register(blogRoutes, { db: readDb });
  await app.register(cartRoutes, { db: deps.db });
  await app.register(checkoutRoutes, { db: deps.db });
  // The money flows (flows/): every gateway callable only outside a transaction (gateway-guard.ts).
  const moneyFlows = moneyFlowsOf({ db: deps.db, gateways: deps.paymentGateways, storefrontUrl: deps.storefrontUrl });
  await app.register(ordersRoutes, moneyFlows);
  await app.register(ordersAdminRoutes, moneyFlows);
  await app.register(orderLinksRoutes, {
    db: deps.db,
    storefrontUrl: moneyFlows.storefrontUrl,
    orderLinkSecret: deps.orderLinkSecret ?? DEVELOPMENT_ORDER_LINK_SECRET,
  });
  await app.register(paymentsRoutes, moneyFlows);
  await app.register(paymentsAdminRoutes, moneyFlows);
  await app.register(paymentWebhookRoutes, moneyFlows);
  await app.register(returnsRoutes, moneyFlows);
  await app.register(withdrawalsRoutes, { ...moneyFlows, orderLinkSecret: deps.orderLinkSecret ?? DEVELOPMENT_ORDER_LINK_SECRET });
  await app.register(wishlistsRoutes, { db: deps.db });
  await app.register(addressesRoutes, { db: deps.db });
  await app.register(backInStockRoutes, { db: deps.db, storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000" });
  await app.register(contactRoutes, { db: deps.db });
  // The merchant's catalogue writes go to the primary, and so do its reads: a merchant sees what they just wrote.
  await app.register(catalogAdminRoutes, {
    db: deps.db,
    previewSecret: previewLinkSecretOf(deps.tokenSecret),
    storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000",
  });
  await app.register(productPreviewRoutes, { db: deps.db, previewSecret: previewLinkSecretOf(deps.tokenSecret) });
  await app.register(catalogAddonsRoutes, { db: deps.db });
  await app.register(catalogueFilesRoutes, { db: deps.db, storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000" });
  const imageStorage = deps.imageStorage ?? temporaryImageStorage();
  await app.register(productImagesRoutes, { db: deps.db, storage: imageStorage });
  await app.register(mediaRoutes, { storage: imageStorage });
  await app.register(inventoryAdminRoutes, { db: deps.db });
  await app.register(jobsAdminRoutes, { db: deps.db });
  await app.register(discountCodesAdminRoutes, { db: deps.db });
  // The merchant's content: written to the primary, read back from it; the public reads keep no copy (decision 051).
  await app.register(contentAdminRoutes, {
    db: deps.db,
    previewSecret: previewLinkSecretOf(deps.tokenSecret),
    storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000",
  });
  await app.register(pagePreviewRoutes, { db: deps.db, previewSecret: previewLinkSecretOf(deps.tokenSecret) });
  await app.register(blogAdminRoutes, {
    db: deps.db,
    previewSecret: previewLinkSecretOf(deps.tokenSecret),
    storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000",
  });
  await app.register(blogPreviewRoutes, { db: deps.db, previewSecret: previewLinkSecretOf(deps.tokenSecret) });
  await app.register(storesAdminRoutes, { db: deps.db, stores });
  await app.register(checkoutSettingsAdminRoutes, { db: deps.db });
  await app.register(paymentProvidersAdminRoutes, moneyFlows);
  await app.register(customersAdminRoutes, { db: deps.db, storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000" });
  await app.register(staffRoutes, { db: deps.db, backOfficeUrl: deps.backOfficeUrl ?? "http://localhost:3001" });
  await app.register(marketingRoutes, { db: deps.db, storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000" });
  await app.register(consentRoutes, { db: deps.db });
  await app.register(personalDataRoutes, { db: deps.db });
  await app.register(personalDataErasureRoutes, { db: deps.db, storefrontUrl: deps.storefrontUrl ?? "http://localhost:3000" });
  await app.register(viewedProductsRoutes, { db: deps.db });
  await app.register(identityRoutes, {
    db: deps.db,
    accessTokens,
    sessionTtlDays: deps.sessionTtlDays ?? 30,
    storefrontUrl: (deps.storefrontUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
