import type { PaymentProviderId } from "@quire/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storePaymentProviders } from "./payments.tables";

/*
 * The merchant's switch per payment provider (decision 052). A provider without a row is on: the table holds only
 * what the merchant chose.
 */

/** The providers the store has switched off. */
export async function listDisabledProviders(db: Db, storeId: number): Promise<Set<PaymentProviderId>> {
  const rows = await db
    .select({ provider: storePaymentProviders.provider })
    .from(storePaymentProviders)
    .where(and(eq(storePaymentProviders.storeId, storeId), eq(storePaymentProviders.isEnabled, false)));
  return new Set(rows.map((row) => row.provider));
}

/** Switches a provider on or off for the store, in one statement. */
export async function saveProviderSwitch(db: Db, input: { storeId: number; provider: PaymentProviderId; isEnabled: boolean }) {
  await db
    .insert(storePaymentProviders)
    .values(input)
    .onConflictDoUpdate({
      target: [storePaymentProviders.storeId, storePaymentProviders.provider],
      set: { isEnabled: input.isEnabled, updatedAt: sql`now()` },
    });
}

/** Queues a store's provider switches behind one transaction-scoped lock: "one way to pay stays on" spans rows. */
export async function lockProviderSwitches(db: Db, storeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('payment-providers'), ${storeId})`);
}
