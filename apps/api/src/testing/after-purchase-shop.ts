import { inArray } from "drizzle-orm";
import { beforeAll } from "vitest";
import type { Db } from "../db/client";
import { backInStockSubscriptions } from "../modules/back-in-stock/back-in-stock.tables";
import { productVariants } from "../modules/catalog/catalog.tables";
import { createCheckoutTestShop } from "../modules/checkout/checkout-test-shop";
import { contactMessages } from "../modules/contact/contact.tables";
import { marketingSubscriptions } from "../modules/marketing/marketing.tables";
import { usePaymentSandbox } from "./payment-sandbox";
import { testOrderPlacer } from "./placed-test-orders";
import { createSignedInStaff } from "./staff-factories";
import { useTestApi } from "./test-api";

/**
 * The checkout test shop for the tests of what follows a purchase (a withdrawal, a person's data export and erasure):
 * the API with the payment sandbox and an admin key, a manager and a content member of staff, the two books
 * orders are placed of in plenty (each test buys its own), and testOrderPlacer's `placeOrder`.
 */
export function useAfterPurchaseShop(adminKey: string) {
  const gateway = usePaymentSandbox();
  const api = useTestApi(
    async (db) => {
      const shop = await createCheckoutTestShop(db, { minimumOrderPrices: {} });
      const content = await createSignedInStaff(db, { storeId: shop.store.id, email: "writer@staff.example", role: "content" });
      const manager = await createSignedInStaff(db, { storeId: shop.store.id, email: "manager@staff.example", role: "manager" });
      return { ...shop, content, manager };
    },
    { paymentGateways: gateway.gateways, adminApiKeys: [adminKey] },
  );
  beforeAll(async () => {
    await gateway.listenApi(api.app);
    await api.database.db
      .update(productVariants)
      .set({ stockQuantity: 1000 })
      .where(inArray(productVariants.id, [api.seeded.variants.tiered, api.seeded.variants.plainHardback]));
  });
  return { api, gateway, placeOrder: testOrderPlacer({ api, gateway, adminKey }) };
}

/**
 * What a guest leaves behind under an email address without an account: a message to the shop (named by its
 * reference and sender), a back-in-stock request for the tiered book, and a newsletter subscription.
 */
export async function insertGuestRows(
  db: Db,
  guest: { storeId: number; variantId: number; email: string; reference: string; name: string; message: string },
) {
  const { storeId, variantId, email } = guest;
  await db
    .insert(contactMessages)
    .values({ storeId, reference: guest.reference, name: guest.name, email, subject: "Hello", message: guest.message });
  await db.insert(backInStockSubscriptions).values({ storeId, variantId, email });
  await db.insert(marketingSubscriptions).values({ storeId, email, topics: ["events"] });
}
