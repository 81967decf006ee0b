import type { Db } from "../db/client";
import { countAddresses } from "../modules/addresses/addresses.service";
import { requireAdminCustomer } from "../modules/identity/customers-admin.service";
import { customerOrdersForAdmin } from "../modules/orders/orders-admin.service";

/** A customer as the merchant sees them (decision 049): their account, with their orders and address book from those modules. */
export async function adminCustomerView(db: Db, input: { storeId: number; customerId: number }) {
  const customer = await requireAdminCustomer(db, input.storeId, input.customerId);
  const orders = await customerOrdersForAdmin(db, input);
  return { ...customer, ...orders, addressCount: await countAddresses(db, input.customerId) };
}
