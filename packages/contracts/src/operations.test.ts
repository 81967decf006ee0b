import { describe, expect, it } from "vitest";
import { operations } from "./operations";
import { addressOperations } from "./operations/addresses";
import { adminOperations } from "./operations/admin";
import { cartOperations } from "./operations/cart";
import { catalogOperations } from "./operations/catalog";
import { checkoutOperations } from "./operations/checkout";
import { contentOperations } from "./operations/content";
import { engagementOperations } from "./operations/engagement";
import { identityOperations } from "./operations/identity";
import { orderOperations } from "./operations/orders";
import { paymentOperations } from "./operations/payments";
import { staffOperations } from "./operations/staff";
import { adminCatalogOperations } from "./operations/admin-catalog";
import { adminDiscountOperations } from "./operations/admin-discounts";
import { adminContentOperations } from "./operations/admin-content";
import { adminCatalogueFileOperations } from "./operations/admin-catalogue-files";
import { adminProductImageOperations } from "./operations/admin-product-images";
import { adminAddonOperations } from "./operations/admin-addons";
import { adminBackOfficeOperations } from "./operations/admin-back-office";
import { adminCustomerOperations } from "./operations/admin-customers";
import { adminCheckoutSettingsOperations } from "./operations/admin-checkout-settings";
import { storeSettingsOperations } from "./operations/store-settings";
import { wishlistOperations } from "./operations/wishlists";
import { consentOperations } from "./operations/consent";
import { withdrawalOperations } from "./operations/withdrawals";
import { dataErasureOperations } from "./operations/data-erasure";
import { dataExportOperations } from "./operations/data-export";
import { pageCacheOperations } from "./operations/page-cache";

// The table is assembled by spreading one part per domain: an operationId written in two parts would
// silently keep only the later entry.
const parts = {
  storeSettingsOperations,
  catalogOperations,
  contentOperations,
  cartOperations,
  checkoutOperations,
  orderOperations,
  paymentOperations,
  adminOperations,
  staffOperations,
  adminCatalogOperations,
  adminDiscountOperations,
  adminContentOperations,
  adminCustomerOperations,
  adminCheckoutSettingsOperations,
  adminCatalogueFileOperations,
  adminProductImageOperations,
  adminAddonOperations,
  adminBackOfficeOperations,
  wishlistOperations,
  engagementOperations,
  identityOperations,
  addressOperations,
  consentOperations,
  withdrawalOperations,
  dataExportOperations,
  pageCacheOperations,
  dataErasureOperations,
};

describe("the operation table", () => {
  it("holds every part's operations, each operationId in one part only", () => {
    const ids = Object.values(parts).flatMap((part) => Object.keys(part));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(Object.keys(operations)).toEqual(ids);
  });

  it("gives each method and path to one operation only", () => {
    const routes = Object.values(operations).map((operation) => `${operation.method} ${operation.path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });
});
