// Domain events: what has happened, told to whoever subscribes (job-catalogue.ts), through the job queue.
// A module publishes an event with publishEvent(tx, event) in the transaction of the change, and never
// learns who listens: inventory says a variant's stock changed; back-in-stock decides to mail. Each event
// carries ids and the facts of the change, never personal data; a handler reads the rest when it runs.

export interface DomainEvents {
  /** A variant's stock was set or moved (modules/inventory). */
  "stock.changed": { storeId: number; variantId: number; previousQuantity: number; quantity: number };
  /**
   * Products, their variants or their prices were created or changed (modules/catalog): up to
   * PRODUCT_IDS_PER_EVENT of one store's products, changed in one transaction. Broadcast too (event-feed.ts).
   */
  "product.changed": { storeId: number; productIds: number[] };
  /**
   * The search documents of these products were written again (modules/catalog's search index job), up to
   * PRODUCT_IDS_PER_EVENT of them. Broadcast only: no job subscribes.
   */
  "search.documents_written": { storeId: number; productIds: number[] };
  /**
   * The merchant changed the store's settings (modules/stores). Broadcast only: no job subscribes; every API process
   * drops its copy of the store (stores.service.ts), so the change is read everywhere within a moment.
   */
  "store.settings_changed": { storeId: number };
  /**
   * What shoppers are shown of these products' stock changed (modules/inventory): a variant came into or went out of
   * stock, became low or stopped being low, or, where the store shows quantities, its count moved; a stock movement a
   * shopper cannot see (one copy sold of twenty where the shop says only "in stock") publishes none. Up to
   * PRODUCT_IDS_PER_EVENT products of one store, in one transaction. Broadcast only: no job subscribes (the
   * storefronts' page caches forget the products' pages, decision 064).
   */
  "stock.state_changed": { storeId: number; productIds: number[] };
  /**
   * A category was created or changed: its name, slug, description, place in the tree or visibility
   * (modules/catalog). Broadcast only: no job subscribes.
   */
  "category.changed": { storeId: number; categoryId: number };
  /**
   * What these categories' pages list may have changed (modules/catalog): a product in one of them, or in a category
   * under one of them, was created, changed (its price, publication, attributes...) or deleted, or moved in or out of
   * them (the categories before and after). Up to CATEGORY_IDS_PER_EVENT categories of one store. Broadcast only.
   */
  "category.products_changed": { storeId: number; categoryIds: number[] };
  /** The merchant set or deleted the menu `code` (modules/content). Broadcast only: no job subscribes. */
  "menu.changed": { storeId: number; code: string };
  /** The merchant created, changed or deleted a content page (modules/content). Broadcast only: no job subscribes. */
  "content_page.changed": { storeId: number; pageId: number };
  /**
   * The merchant created, changed or deleted a blog post or a blog category, or a scheduled post's time came (the
   * blog-post-live job) (modules/blog): the blog's lists, its navigation's counts and the post's page may all show it.
   * Broadcast only: no job subscribes.
   */
  "blog.changed": { storeId: number };
  /**
   * The store's redirects changed (modules/content): added, changed or removed by the merchant, or left behind by a
   * page, product, category or post whose address moved. Broadcast only: no job subscribes.
   */
  "redirects.changed": { storeId: number };
  /** A payment was captured and its order confirmed (flows): the order's confirmation mail. */
  "payment.captured": { storeId: number; orderId: number; paymentId: number; amount: number; currency: string };
  /** A proforma invoice was issued for an order: it waits for the buyer's bank transfer (flows). */
  "payment.proforma_issued": { storeId: number; orderId: number; paymentId: number };
  /** The merchant shipped an order, or gave it a new tracking reference (modules/orders). */
  "order.shipped": { storeId: number; orderId: number };
  /** The merchant marked an order delivered (modules/orders). */
  "order.delivered": { storeId: number; orderId: number };
  /** A refund was paid: by its gateway, to the account's credit, or by the merchant's transfer (modules/payments). */
  "refund.succeeded": { storeId: number; orderId: number; refundId: number };
  /** An order was cancelled, by whom, and the refund it owes when it was paid (flows). */
  "order.cancelled": { storeId: number; orderId: number; by: "customer" | "shop" | "unpaid"; refundId: number | null };
}

export type DomainEventType = keyof DomainEvents;

/** One event: its type and its facts, e.g. `{ type: "stock.changed", storeId, variantId, ... }`. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = { [K in T]: { type: K } & DomainEvents[K] }[T];

/**
 * Products named by one product event at most: a broadcast event travels as one notice, which PostgreSQL keeps
 * under 8,000 bytes (500 ids of up to ten digits, with the rest of the event, stay well under it).
 */
export const PRODUCT_IDS_PER_EVENT = 500;
/** Categories named by one category event at most, for the same reason. */
export const CATEGORY_IDS_PER_EVENT = 500;
