import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { viewedProducts } from "./viewed-products.tables";

/** Deletes what a customer viewed; counts the rows. */
export async function deleteViewedProductsOfCustomer(db: Db, customerId: number): Promise<number> {
  const deleted = await db.delete(viewedProducts).where(eq(viewedProducts.customerId, customerId)).returning({ id: viewedProducts.id });
  return deleted.length;
}
