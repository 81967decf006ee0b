import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders } from "./orders.tables";

/*
 * What a placed order holds, read by id for the modules that act on one (a return is checked against its lines
 * and amounts): the order locked for its customer, its lines' amounts, lines by id as ordered, and who bought it.
 * Each function is one statement.
 */

const placedOrderColumns = {
  id: orders.id,
  publicId: orders.publicId,
  customerId: orders.customerId,
  status: orders.status,
  placedAt: orders.placedAt,
  deliveredAt: orders.deliveredAt,
  currencyCode: orders.currencyCode,
  subTotal: orders.subTotal,
  discountTotal: orders.discountTotal,
  deliveryCharge: orders.deliveryCharge,
  deliveryTax: orders.deliveryTax,
  pricesIncludeTax: orders.pricesIncludeTax,
  grandTotal: orders.grandTotal,
  email: orders.email,
  firstName: orders.firstName,
};

/** One of the customer's orders with its status, delivery and amounts, locked until the transaction ends. */
export async function lockCustomerOrder(tx: Db, input: { storeId: number; customerId: number; orderId: number }) {
  const [row] = await tx
    .select(placedOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId), eq(orders.customerId, input.customerId)))
    .for("update");
  return row ?? null;
}

/** One of the store's orders, whoever bought it, with the same columns, locked until the transaction ends. */
export async function lockStoreOrder(tx: Db, input: { storeId: number; orderId: number }) {
  const [row] = await tx
    .select(placedOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId)))
    .for("update");
  return row ?? null;
}

/** The store's order with this number, with the address it was placed with; null when there is none. */
export async function findOrderByNumber(db: Db, input: { storeId: number; publicId: string }) {
  const [row] = await db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(and(eq(orders.publicId, input.publicId), eq(orders.storeId, input.storeId)));
  return row ?? null;
}

/** An order's lines with how many were ordered and their total (before discounts), as the order lists them. */
export function listOrderLineAmounts(db: Db, orderId: number) {
  return db
    .select({ id: orderLines.id, variantId: orderLines.variantId, quantity: orderLines.quantity, total: orderLines.total })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** These order lines as they were ordered: SKU, names and place in their order; unknown ids are left out. */
export function listOrderLinesByIds(db: Db, lineIds: readonly number[]) {
  return db
    .select({
      id: orderLines.id,
      sku: orderLines.sku,
      productName: orderLines.productName,
      variantName: orderLines.variantName,
      position: orderLines.position,
    })
    .from(orderLines)
    .where(inArray(orderLines.id, [...lineIds]));
}

/** Who bought these orders: each order's number, the buyer's email and first name; unknown ids are left out. */
export function listOrderBuyers(db: Db, orderIds: readonly number[]) {
  return db
    .select({ id: orders.id, publicId: orders.publicId, email: orders.email, firstName: orders.firstName })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}
