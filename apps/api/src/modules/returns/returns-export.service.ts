import type { Db } from "../../db/client";
import {
  listLinesOfReturns,
  listLinesOfWithdrawals,
  listReturnsOfCustomer,
  listStoreCreditOfCustomer,
  listWithdrawalsOfOrders,
} from "./returns-export.repository";

/*
 * What the returns module holds about a person, for their data export (decision 062). Lines name the order lines
 * by id; what those lines were (and which order) is the orders module's to say, and the export's flow asks it.
 */

function groupLines<L extends { quantity: number; amount: number; orderLineId: number }>(lines: readonly L[], key: (line: L) => number) {
  const grouped = new Map<number, { orderLineId: number; quantity: number; amount: number }[]>();
  for (const line of lines) {
    const list = grouped.get(key(line)) ?? [];
    list.push({ orderLineId: line.orderLineId, quantity: line.quantity, amount: line.amount });
    grouped.set(key(line), list);
  }
  return grouped;
}

/** A customer's returns with their lines, newest first, at most `limit`; two statements. */
export async function listReturnsForExport(db: Db, input: { storeId: number; customerId: number; limit: number }) {
  const found = await listReturnsOfCustomer(db, input);
  if (found.length === 0) return [];
  const lines = groupLines(
    await listLinesOfReturns(
      db,
      found.map((row) => row.id),
    ),
    (line) => line.returnId,
  );
  return found.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
}

/** The withdrawals from these orders with their lines, newest first, at most `limit`; two statements. */
export async function listWithdrawalsForExport(db: Db, input: { storeId: number; orderIds: readonly number[]; limit: number }) {
  if (input.orderIds.length === 0) return [];
  const found = await listWithdrawalsOfOrders(db, input);
  if (found.length === 0) return [];
  const lines = groupLines(
    await listLinesOfWithdrawals(
      db,
      found.map((row) => row.id),
    ),
    (line) => line.withdrawalId,
  );
  return found.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
}

/** A customer's store credit entries (credited returns, the merchant's adjustments), oldest first, at most `limit`. */
export function listStoreCreditForExport(db: Db, input: { customerId: number; limit: number }) {
  return listStoreCreditOfCustomer(db, input);
}
