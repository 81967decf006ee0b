import { describe, expect, it } from "vitest";
import { callableOutsideTransactions } from "../modules/payments/gateway-guard";
import type { PaymentGateway } from "../modules/payments/gateways/payment-gateway";
import { assertOutsideTransaction, CallInsideTransactionError, isInsideTransaction, markTransactions } from "./transaction-scope";

/** A database whose transaction runs its callback at once, after an await, as drizzle's does. */
function fakeDatabase() {
  return markTransactions({
    async transaction<T>(work: (tx: { nested: () => Promise<boolean> }) => Promise<T>): Promise<T> {
      await Promise.resolve();
      return work({ nested: async () => isInsideTransaction() });
    },
  });
}

const gateway = {
  id: "stripe",
  settings: { name: "Card", description: "", cardBrands: [] },
  refund: async () => ({ reference: "re_1", status: "succeeded" }),
} as unknown as PaymentGateway;

describe("calls to the outside world and open transactions", () => {
  it("knows it is inside a transaction's callback, through awaits, and outside again after it", async () => {
    const db = fakeDatabase();
    expect(isInsideTransaction()).toBe(false);
    const seen = await db.transaction(async (tx) => {
      await new Promise((resolve) => setImmediate(resolve));
      return [isInsideTransaction(), await tx.nested()];
    });
    expect(seen).toEqual([true, true]);
    expect(isInsideTransaction()).toBe(false);
  });

  it("refuses a gateway call made inside a transaction, and makes it outside one", async () => {
    const db = fakeDatabase();
    const guarded = callableOutsideTransactions(new Map([["stripe", gateway]])).get("stripe")!;
    const request = { reference: "cs_1", paymentReference: null, amount: 100, currencyCode: "GBP", idempotencyKey: "k" };
    await expect(db.transaction(() => guarded.refund(request))).rejects.toThrow(CallInsideTransactionError);
    await expect(guarded.refund(request)).resolves.toEqual({ reference: "re_1", status: "succeeded" });
    expect(guarded.id).toBe("stripe");
  });

  it("names the call it refused", async () => {
    const db = fakeDatabase();
    await expect(db.transaction(async () => assertOutsideTransaction("mail delivery"))).rejects.toThrow(
      /mail delivery was called inside a database transaction/,
    );
  });
});
