// Every table, for drizzle-kit and for typed queries. Tables live beside the module that owns them.
export * from "../modules/stores/stores.tables";
export * from "../modules/catalog/catalog.tables";
export * from "../modules/content/content.tables";
export * from "../modules/identity/identity.tables";
export * from "../modules/mail/mail.tables";
export * from "../modules/cart/cart.tables";
export * from "../modules/wishlists/wishlists.tables";
export * from "../modules/back-in-stock/back-in-stock.tables";
export * from "../modules/viewed-products/viewed-products.tables";
export * from "../modules/rate-limits/rate-limits.tables";
export * from "../modules/state-machines/state-transitions.tables";
export * from "../modules/idempotency/idempotency.tables";
export * from "../modules/checkout/checkout.tables";
export * from "../modules/orders/orders.tables";
export * from "../modules/payments/payments.tables";
export * from "../modules/addresses/addresses.tables";
