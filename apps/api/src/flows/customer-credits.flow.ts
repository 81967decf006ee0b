import type { CustomerCreditAccount } from "@quire/contracts";
import type { Db } from "../db/client";
import { findOrderSummaries } from "../modules/orders/order-changes.service";
import { getCreditAccount, type PaymentContext } from "../modules/payments/payments.service";

/**
 * GET /customers/credits: the signed-in customer's credit for paying on account (the payments module's), with
 * the orders its open payments on account are for (the orders module's): their number, date and status.
 */
export async function getCustomerCredits(db: Db, ctx: PaymentContext, customerId: number): Promise<CustomerCreditAccount> {
  const { openPayments, openPaymentCount, ...credit } = await getCreditAccount(db, ctx, customerId);
  const orders = new Map(
    (await findOrderSummaries(db, { customerId, orderIds: openPayments.map((payment) => payment.orderId) })).map((order) => [
      order.id,
      order,
    ]),
  );
  return {
    ...credit,
    openOrders: {
      results: openPayments.flatMap((payment) => {
        const order = orders.get(payment.orderId);
        return order
          ? [
              {
                id: order.id,
                publicId: order.publicId,
                placedAt: order.placedAt.toISOString(),
                status: order.status,
                amount: payment.amount,
              },
            ]
          : [];
      }),
      total: openPaymentCount,
    },
  };
}
