import type { Db } from "./db/client";
import { analyzeChangedTables } from "./db/table-statistics";
import { purgeStaleBackInStockRequests } from "./modules/back-in-stock/back-in-stock-retention";
import { notifyBackInStock } from "./modules/back-in-stock/back-in-stock.service";
import { announceScheduledPostLive } from "./modules/blog/blog-admin.service";
import { purgeExpiredIdempotencyKeys } from "./modules/idempotency/idempotency-retention";
import { purgeEndedSessions, purgeExpiredIdentityLinks } from "./modules/identity/identity-retention";
import type { JobHandlers } from "./modules/jobs/job-worker";
import { deliverMail } from "./modules/mail/mail-delivery";
import type { MailTransport } from "./modules/mail/mail-transports";
import { purgeOldOutboxMessages } from "./modules/mail/outbox-retention";
import { cancelUnpaidOrders } from "./flows/cancel-order.flow";
import { runCatalogueImport, type ImportImages } from "./flows/catalogue-import.flow";
import { temporaryImageStorage } from "./modules/media/local-image-storage";
import { mailCancelledOrder, mailIssuedRefund } from "./flows/order-mails.flow";
import { moneyFlowsOf, type FlowLog } from "./flows/flow-deps";
import { refreshOpenPayments } from "./flows/pay-order.flow";
import { PENDING_REFUND_GRACE_MS, settlePendingRefunds } from "./flows/refund.flow";
import { DEVELOPMENT_ORDER_LINK_SECRET } from "./security/order-links";
import { mailBankTransferOrder, mailOrderConfirmation, mailOrderDelivered, mailOrderShipped } from "./modules/orders/order-notifications";
import type { PaymentGateways } from "./modules/payments/gateways/gateways";
import { purgeOldWebhookEvents } from "./modules/payments/payments-retention";
import { purgeLapsedRateLimits } from "./modules/rate-limits/rate-limits-retention";
import { indexAllQueuedProducts, onProductChanged, onStockChanged, refreshAllVocabularies } from "./modules/catalog/search/search-index";

export interface JobHandlerDeps {
  db: Db;
  mailTransport: MailTransport;
  /** Public address of the storefront, for links in emails. */
  storefrontUrl: string;
  /** Signs the order links in order emails (decision 041); DEVELOPMENT_ORDER_LINK_SECRET when absent (tests). */
  orderLinkSecret?: string;
  /** The configured payment gateways, for the job that asks them about open payments (none by default). */
  paymentGateways?: PaymentGateways;
  /** Where the money flows log what they did (a capture given back, a refund the gateway refused). */
  log?: FlowLog;
  /**
   * Where a catalogue import keeps the pictures it fetches, and whether it may fetch from private addresses
   * (decision 054). Absent (tests): a temporary folder, public addresses only.
   */
  images?: ImportImages;
}

/** How long a payment stays open at its gateway before the refresh job asks after it: its webhook is late. */
const OPEN_PAYMENT_GRACE_MS = 2 * 60_000;

/**
 * The handler of every job (modules/jobs/job-catalogue.ts), with what it needs from outside the database:
 * what main.ts, worker.ts and the tests run. Like app.ts for routes, this is the one place that knows every
 * module's jobs, so the modules need not know each other.
 */
export function createJobHandlers(deps: JobHandlerDeps): JobHandlers {
  const moneyFlows = moneyFlowsOf({ db: deps.db, gateways: deps.paymentGateways, storefrontUrl: deps.storefrontUrl, log: deps.log });
  const orderLinks = { storefrontUrl: deps.storefrontUrl, orderLinkSecret: deps.orderLinkSecret ?? DEVELOPMENT_ORDER_LINK_SECRET };
  const images = deps.images ?? { storage: temporaryImageStorage(), allowPrivateAddresses: false };
  return {
    "mail-delivery": async ({ messageId }) => {
      await deliverMail(deps.db, deps.mailTransport, messageId);
    },
    "back-in-stock-notify": async (event) => {
      await notifyBackInStock(deps.db, event, { storefrontUrl: deps.storefrontUrl });
    },
    "order-confirmation-mail": async (event) => {
      await mailOrderConfirmation(deps.db, event, orderLinks);
    },
    "bank-transfer-order-mail": async (event) => {
      await mailBankTransferOrder(deps.db, event, orderLinks);
    },
    "order-shipped-mail": async (event) => {
      await mailOrderShipped(deps.db, event, orderLinks);
    },
    "order-delivered-mail": async (event) => {
      await mailOrderDelivered(deps.db, event, orderLinks);
    },
    "order-cancelled-mail": async (event) => {
      await mailCancelledOrder(deps.db, event, orderLinks);
    },
    "refund-issued-mail": async (event) => {
      await mailIssuedRefund(deps.db, event, orderLinks);
    },
    "blog-post-live": async (job) => {
      await announceScheduledPostLive(deps.db, job);
    },
    "search-index": async (event) => {
      await onProductChanged(deps.db, event);
    },
    "search-index-stock": async (event) => {
      await onStockChanged(deps.db, event);
    },
    "catalogue-import": async ({ importId }) => {
      await runCatalogueImport(deps.db, importId, { images });
    },
    "search-index-sweep": async () => {
      await indexAllQueuedProducts(deps.db);
    },
    "refresh-search-vocabulary": async () => {
      await refreshAllVocabularies(deps.db);
    },
    // Housekeeping (scheduled): each module's own retention rule.
    "purge-idempotency-keys": async () => {
      await purgeExpiredIdempotencyKeys(deps.db);
    },
    "purge-rate-limits": async () => {
      await purgeLapsedRateLimits(deps.db);
    },
    "purge-identity-links": async () => {
      await purgeExpiredIdentityLinks(deps.db);
    },
    "purge-ended-sessions": async () => {
      await purgeEndedSessions(deps.db);
    },
    "purge-back-in-stock-requests": async () => {
      await purgeStaleBackInStockRequests(deps.db);
    },
    "purge-outbox": async () => {
      await purgeOldOutboxMessages(deps.db);
    },
    "cancel-unpaid-orders": async () => {
      await cancelUnpaidOrders(moneyFlows);
    },
    "refresh-open-payments": async () => {
      if (moneyFlows.gateways.size === 0) return;
      await refreshOpenPayments(moneyFlows, { olderThan: new Date(Date.now() - OPEN_PAYMENT_GRACE_MS), limit: 100 });
    },
    "settle-pending-refunds": async () => {
      await settlePendingRefunds(moneyFlows, { olderThan: new Date(Date.now() - PENDING_REFUND_GRACE_MS), limit: 100 });
    },
    "purge-payment-webhook-events": async () => {
      await purgeOldWebhookEvents(deps.db);
    },
    "refresh-table-statistics": async () => {
      await analyzeChangedTables(deps.db);
    },
  };
}
