import type { Db } from "../../db/client";
import { listTransitionsOf } from "../state-machines/state-transitions.service";
import { listLinesOfOrders, listOrdersOfPerson } from "./order-export.repository";
import { orderMachine } from "./order-status";
import type { OrderLineRow, OrderRow } from "./orders.repository";

/** An order as a person's data export holds it: the stored snapshot, its lines, and its status changes. */
export interface ExportedOrderRow {
  order: OrderRow;
  lines: OrderLineRow[];
  statusChanges: { from: string; to: string; at: Date }[];
}

/**
 * A person's orders for their data export (decision 062): those of their account and those placed with their email,
 * newest first, at most `limit`, each with its lines (at most `lineLimit` in all) and its status changes as the buyer
 * sees them (from, to, when; never who of the shop or why). Three statements, however many orders.
 */
export async function listOrdersForExport(
  db: Db,
  input: { storeId: number; customerId: number | null; email: string; limit: number; lineLimit: number },
): Promise<ExportedOrderRow[]> {
  const found = await listOrdersOfPerson(db, input);
  if (found.length === 0) return [];
  const ids = found.map((order) => order.id);
  const lines = await listLinesOfOrders(db, ids, input.lineLimit);
  const changes = await listTransitionsOf(db, orderMachine.name, ids);
  const byOrder = new Map<number, ExportedOrderRow>(found.map((order) => [order.id, { order, lines: [], statusChanges: [] }]));
  for (const line of lines) byOrder.get(line.orderId)?.lines.push(line);
  for (const change of changes)
    byOrder.get(change.entityId)?.statusChanges.push({ from: change.fromState, to: change.toState, at: change.createdAt });
  return [...byOrder.values()];
}
