import type { CustomerSettings, UpdateCustomerSettingsBody } from "@quire/contracts";
import type { Db } from "../db/client";
import { findAccountOwner, getCustomerSettings, writeCustomerSettings } from "../modules/identity/customer-account.service";
import { applyMarketingOptIn } from "../modules/marketing/marketing.service";

/**
 * PUT /customers/settings: the customer's names, phone and marketing consent. The consent and the account
 * email's newsletter topics change together, in one transaction (decision 034): unticking it unsubscribes from
 * every newsletter.
 */
export async function saveCustomerSettings(
  db: Db,
  customerId: number,
  input: Required<UpdateCustomerSettingsBody>,
): Promise<CustomerSettings> {
  const owner = await findAccountOwner(db, customerId);
  await db.transaction(async (tx) => {
    await writeCustomerSettings(tx, customerId, input);
    await applyMarketingOptIn(tx, { storeId: owner.storeId, customerId, email: owner.email, optIn: input.marketingOptIn });
  });
  return getCustomerSettings(db, customerId);
}
