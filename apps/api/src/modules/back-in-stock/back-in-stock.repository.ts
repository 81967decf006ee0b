import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants } from "../catalog/catalog.tables";
import { customers } from "../identity/identity.tables";
import { stores } from "../stores/stores.tables";
import { backInStockSubscriptions } from "./back-in-stock.tables";

const subscriptionColumns = {
  productVariantId: backInStockSubscriptions.variantId,
  email: backInStockSubscriptions.email,
  subscribedAt: backInStockSubscriptions.createdAt,
};

/** The account email of a customer of the store. */
export async function findCustomerEmail(db: Db, input: { storeId: number; customerId: number }) {
  const [row] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.storeId, input.storeId)));
  return row?.email ?? null;
}

/**
 * Adds a pending request, or finds the one already pending for this variant and address (the partial
 * unique index makes a repeat, even a concurrent one, a no-op). `created` tells which.
 */
export async function insertPendingSubscription(
  db: Db,
  input: { storeId: number; variantId: number; email: string; customerId: number | null },
) {
  const [created] = await db
    .insert(backInStockSubscriptions)
    .values(input)
    .onConflictDoNothing({
      target: [backInStockSubscriptions.variantId, backInStockSubscriptions.email],
      where: sql`notified_at is null`,
    })
    .returning(subscriptionColumns);
  if (created) return { ...created, created: true };
  const [existing] = await db
    .select(subscriptionColumns)
    .from(backInStockSubscriptions)
    .where(
      and(
        eq(backInStockSubscriptions.variantId, input.variantId),
        eq(backInStockSubscriptions.email, input.email),
        isNull(backInStockSubscriptions.notifiedAt),
      ),
    );
  if (!existing) throw new Error("a conflicting pending subscription exists");
  return { ...existing, created: false };
}

/**
 * Marks every pending request for the variant as notified and returns their addresses. Each row is
 * claimed by exactly one transaction, so concurrent restocks cannot both mail the same subscriber.
 */
export function claimPendingSubscriptions(db: Db, variantId: number) {
  return db
    .update(backInStockSubscriptions)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(backInStockSubscriptions.variantId, variantId), isNull(backInStockSubscriptions.notifiedAt)))
    .returning({ email: backInStockSubscriptions.email });
}

/** What a back-in-stock message names: the product, the variant and the store. */
export async function findVariantMailFacts(db: Db, variantId: number) {
  const [row] = await db
    .select({
      productName: products.name,
      productSlug: products.slug,
      isPublished: products.isPublished,
      variantName: productVariants.name,
      storeName: stores.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(stores, eq(stores.id, productVariants.storeId))
    .where(eq(productVariants.id, variantId));
  return row ?? null;
}
