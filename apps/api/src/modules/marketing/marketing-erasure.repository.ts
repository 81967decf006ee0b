import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketingSubscriptionLinks, marketingSubscriptions } from "./marketing.tables";

/** Deletes the subscriptions and emailed links of an account or an address; counts the subscriptions. */
export async function deleteMarketingOfPerson(db: Db, input: { storeId: number; customerId: number | null; email: string }) {
  const byEmail = sql`lower(${marketingSubscriptions.email}) = ${input.email}`;
  const deleted = await db
    .delete(marketingSubscriptions)
    .where(
      and(
        eq(marketingSubscriptions.storeId, input.storeId),
        input.customerId === null ? byEmail : or(byEmail, eq(marketingSubscriptions.customerId, input.customerId)),
      ),
    )
    .returning({ id: marketingSubscriptions.id });
  await db
    .delete(marketingSubscriptionLinks)
    .where(and(eq(marketingSubscriptionLinks.storeId, input.storeId), sql`lower(${marketingSubscriptionLinks.email}) = ${input.email}`));
  return deleted.length;
}
