import type { z } from "zod";
import { storeSettingsOperations } from "./operations/store-settings";
import { catalogOperations } from "./operations/catalog";
import { contentOperations } from "./operations/content";
import { cartOperations } from "./operations/cart";
import { checkoutOperations } from "./operations/checkout";
import { orderOperations } from "./operations/orders";
import { paymentOperations } from "./operations/payments";
import { adminOperations } from "./operations/admin";
import { staffOperations } from "./operations/staff";
import { adminCatalogOperations } from "./operations/admin-catalog";
import { adminDiscountOperations } from "./operations/admin-discounts";
import { adminContentOperations } from "./operations/admin-content";
import { adminCustomerOperations } from "./operations/admin-customers";
import { adminCheckoutSettingsOperations } from "./operations/admin-checkout-settings";
import { adminCatalogueFileOperations } from "./operations/admin-catalogue-files";
import { adminProductImageOperations } from "./operations/admin-product-images";
import { adminAddonOperations } from "./operations/admin-addons";
import { adminBackOfficeOperations } from "./operations/admin-back-office";
import { wishlistOperations } from "./operations/wishlists";
import { engagementOperations } from "./operations/engagement";
import { identityOperations } from "./operations/identity";
import { addressOperations } from "./operations/addresses";
import { consentOperations } from "./operations/consent";
import { withdrawalOperations } from "./operations/withdrawals";
import { dataErasureOperations } from "./operations/data-erasure";
import { dataExportOperations } from "./operations/data-export";
import { pageCacheOperations } from "./operations/page-cache";
import type { Operation, SuccessStatus } from "./operations/operation";

// The API's operations as data (docs/decisions/022): the one place that says, for each operationId, which
// method and path it answers, what it takes and what it answers on success. The API registers its routes
// from these entries and adds only what is the server's business (handler, tags, security, error codes);
// the storefront's client is typed by them. A path template is Fastify's: `:name` is a parameter, and the
// storefront's `slug=` is a literal part of the path (GET /products/slug=:slug).
//
// The table is assembled from one part per domain (operations/*.ts), in this order, so that two changes
// to different domains do not meet in one file; an operationId must be unique across the parts.

export { NoContentSchema, type HttpMethod, type Operation, type SuccessStatus } from "./operations/operation";

export const operations = {
  ...storeSettingsOperations,
  ...catalogOperations,
  ...contentOperations,
  ...cartOperations,
  ...checkoutOperations,
  ...orderOperations,
  ...paymentOperations,
  ...adminOperations,
  ...staffOperations,
  ...adminCatalogOperations,
  ...adminDiscountOperations,
  ...adminContentOperations,
  ...adminCustomerOperations,
  ...adminCheckoutSettingsOperations,
  ...adminCatalogueFileOperations,
  ...adminProductImageOperations,
  ...adminAddonOperations,
  ...adminBackOfficeOperations,
  ...wishlistOperations,
  ...engagementOperations,
  ...identityOperations,
  ...addressOperations,
  ...consentOperations,
  ...withdrawalOperations,
  ...dataExportOperations,
  ...pageCacheOperations,
  ...dataErasureOperations,
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
