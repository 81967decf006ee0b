// Domain events: what has happened, told to whoever subscribes (job-catalogue.ts), through the job queue.
// A module publishes an event with publishEvent(tx, event) in the transaction of the change, and never
// learns who listens: inventory says a variant's stock changed; back-in-stock decides to mail. Each event
// carries ids and the facts of the change, never personal data; a handler reads the rest when it runs.

export interface DomainEvents {
  /** A variant's stock was set or moved (modules/inventory). */
  "stock.changed": { storeId: number; variantId: number; previousQuantity: number; quantity: number };
  /** A product, its variants or its prices were created or changed (modules/catalog). */
  "product.changed": { storeId: number; productId: number };
  /** An order was placed (modules/orders): told to whoever follows new orders. */
  "order.placed": { storeId: number; orderId: number };
  /** A payment was captured and its order confirmed (flows): the order's confirmation mail. */
  "payment.captured": { storeId: number; orderId: number; paymentId: number; amount: number; currency: string };
}

export type DomainEventType = keyof DomainEvents;

/** One event: its type and its facts, e.g. `{ type: "stock.changed", storeId, variantId, ... }`. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = { [K in T]: { type: K } & DomainEvents[K] }[T];
