import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../app";
import type { Db } from "../db/client";
import type { usePaymentSandbox } from "./payment-sandbox";
import { TEST_HEADERS } from "./test-api";
import { cartClient } from "../modules/cart/cart-test-catalogue";
import { orderLines, orders } from "../modules/orders/orders.tables";
import { payments } from "../modules/payments/payments.tables";
import { checkoutClient, CUSTOMER_INFO, UK_ADDRESS, type createCheckoutTestShop } from "../modules/checkout/checkout-test-shop";

type CheckoutTestShop = Awaited<ReturnType<typeof createCheckoutTestShop>>;

/**
 * Orders placed and paid in the checkout test shop the way a customer and the merchant would, for the tests of what
 * happens after a purchase (returns, withdrawals): three of the tiered book and one plain hardback, sent express to
 * the UK, paid by bank transfer (confirmed by the merchant) or at Stripe's hosted page (the sandbox), then shipped and
 * delivered by the merchant unless asked not to be. Answers the order's id, its lines in order, its row and the
 * payment's public id.
 */
export function testOrderPlacer(input: {
  api: { app: App; database: { db: Db }; seeded: CheckoutTestShop };
  gateway: ReturnType<typeof usePaymentSandbox>;
  adminKey: string;
}) {
  const cart = cartClient(() => input.api.app);
  const checkout = checkoutClient(() => input.api.app);
  const asAdmin = (url: string, payload?: object) =>
    input.api.app.inject({
      method: "PUT",
      url,
      headers: { storekey: TEST_HEADERS.storekey, "admin-key": input.adminKey },
      ...(payload ? { payload } : {}),
    });

  return async (
    authorization: string,
    options: {
      pay?: "bank-transfer" | "stripe";
      delivered?: boolean;
      /** The buyer's details and address at checkout; Ada Lovelace's in London by default. */
      buyer?: { email: string; firstName: string; lastName: string; address: typeof UK_ADDRESS };
    } = {},
  ) => {
    const { api, gateway } = input;
    const caller = { authorization };
    expect((await cart.add({ productVariantId: api.seeded.variants.tiered, quantity: 3 }, caller)).statusCode).toBe(200);
    expect((await cart.add({ productVariantId: api.seeded.variants.plainHardback, quantity: 1 }, caller)).statusCode).toBe(200);
    const { address, ...info } = options.buyer ?? { ...CUSTOMER_INFO, address: UK_ADDRESS };
    await checkout.customerInfo(info, caller);
    await checkout.deliveryAddress({ address }, caller);
    await checkout.deliveryOption({ deliveryZoneOptionId: api.seeded.options.ukExpress }, caller);
    const placed = await checkout.placeOrder({ termsAccepted: true }, caller);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { id: number; grandTotal: { amount: number; currencyCode: string } };
    const byCard = options.pay === "stripe";
    const paid = await checkout.send("POST", "/payments", caller, {
      orderId: order.id,
      paymentProviderId: byCard ? "stripe" : "proforma-invoice",
      amount: order.grandTotal.amount,
      currencyCode: order.grandTotal.currencyCode,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const publicPaymentId = paid.json().data.publicPaymentId as string;
    if (byCard) {
      const processed = await checkout.send("PUT", `/payments/${publicPaymentId}/process`, caller, {});
      const session = (processed.json().data.redirectUrl as string).split("/").at(-1)!;
      await gateway.control(`/_sandbox/stripe/sessions/${session}/pay`, {});
      await gateway.sandbox.webhooks.idle();
      const [payment] = await api.database.db.select().from(payments).where(eq(payments.publicId, publicPaymentId));
      expect(payment?.status).toBe("captured");
    } else {
      expect((await asAdmin(`/admin/orders/${order.id}/confirm-transfer`)).statusCode).toBe(200);
    }
    if (options.delivered ?? true) {
      expect((await asAdmin(`/admin/orders/${order.id}/ship`, { trackingReference: "RM123456789GB" })).statusCode).toBe(200);
      expect((await asAdmin(`/admin/orders/${order.id}/deliver`)).statusCode).toBe(200);
    }
    const lines = await api.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.id));
    return { id: order.id, lines: lines as [(typeof lines)[number], (typeof lines)[number]], row: row!, publicPaymentId };
  };
}
