import {
  RETURN_WINDOW_DAYS,
  type AdminReturnSort,
  type CreateReturnBody,
  type ListReturnsQuery,
  type ReturnDetail,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
  type ReturnSummary,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { enqueueMail } from "../mail/mail.service";
import { findOrderBuyers, findOrderedLines, listOrderLineAmounts, lockCustomerOrder } from "../orders/placed-orders.service";
import { findStoreName } from "../stores/stores.service";
import { findRefundBySource } from "../payments/refunds.service";
import { listTransitions, transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { returnStatusMail } from "./return-mails";
import { returnMachine } from "./return-status";
import * as repository from "./returns.repository";
import * as withdrawalsRepository from "./withdrawals.repository";
import { orderReturns } from "./returns.tables";

// Order returns. A return's lines are checked against what was delivered and not yet returned with the order
// locked (by the orders module, in the return's transaction); its status moves only along the return machine.
// Approving a refund records the refund and leaves the return approved; the refund flow
// (flows/approve-return.flow.ts, flows/refund.flow.ts) pays it outside any transaction and then marks the return
// refunded (markReturnRefunded). A second approval finds the return no longer "received". What a return shows of
// its order (the order's number, the buyer, the lines as ordered) is asked of the orders module, in one call for
// all the returns or lines at hand.

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: "Arrived damaged",
  wrong_item: "Not what I ordered",
  not_as_described: "Not as described",
  arrived_late: "Arrived too late",
  unwanted_gift: "An unwanted gift",
  changed_mind: "Changed my mind",
};

export const RETURN_RESOLUTION_LABELS: Record<ReturnResolution, { label: string; description: string }> = {
  refund: { label: "Refund", description: "Your money back to the way you paid, once the items arrive." },
  exchange: { label: "Exchange", description: "The same items again, sent once the returned ones arrive." },
  store_credit: { label: "Store credit", description: "Credit to spend in the shop, added as soon as the items arrive." },
};

/** Whose returns a call reads and writes, and where emails link to. */
export interface CustomerReturnContext {
  storeId: number;
  customerId: number;
  storefrontUrl: string;
}
export interface AdminReturnContext {
  storeId: number;
  actor: TransitionActor;
  storefrontUrl: string;
}

const returnNotFound = () => new AppError("return_not_found");
const DAY_MS = 86_400_000;

/** A return with what it shows of its order: the order's number and the buyer it mails. */
type ReturnRow = repository.ReturnRecord & { orderPublicId: string; email: string; firstName: string };

/**
 * Adds each return's order number and buyer, asked of the orders module in one call for all of them. A return
 * whose order is gone (deleted between the two reads, which deletes the return too) is left out.
 */
async function withOrderBuyers(db: Db, records: repository.ReturnRecord[]): Promise<ReturnRow[]> {
  const buyers = await findOrderBuyers(
    db,
    records.map((record) => record.orderId),
  );
  return records.flatMap((record) => {
    const buyer = buyers.get(record.orderId);
    return buyer ? [{ ...record, orderPublicId: buyer.publicId, email: buyer.email, firstName: buyer.firstName }] : [];
  });
}

/** One return of the store (and of the customer, when one is named) with its order's number and buyer; null when none. */
async function findReturnRow(db: Db, input: { storeId: number; returnId: number; customerId?: number }): Promise<ReturnRow | null> {
  const record = await repository.findReturn(db, input);
  if (!record) return null;
  const [row] = await withOrderBuyers(db, [record]);
  return row ?? null;
}

/** A return's lines with the SKU and names they were ordered under, as their order lists them. */
async function listReturnLinesAsOrdered(db: Db, returnId: number) {
  const lines = await repository.listReturnLines(db, returnId);
  const ordered = await findOrderedLines(
    db,
    lines.map((line) => line.orderLineId),
  );
  return lines
    .flatMap(({ orderLineId, quantity, amount }) => {
      const asOrdered = ordered.get(orderLineId);
      if (!asOrdered) return [];
      const { sku, productName, variantName, position } = asOrdered;
      return [{ position, orderLineId, sku, productName, variantName, quantity, amount }];
    })
    .sort((a, b) => a.position - b.position || a.orderLineId - b.orderLineId)
    .map(({ position: _position, ...line }) => line);
}

const toSummary = (row: ReturnRow): ReturnSummary => ({
  id: row.id,
  publicId: row.publicId,
  orderId: row.orderId,
  orderPublicId: row.orderPublicId,
  status: row.status,
  reason: row.reason,
  resolution: row.resolution,
  itemCount: row.itemCount,
  amount: { amount: row.amount, currencyCode: row.currencyCode },
  createdAt: row.createdAt.toISOString(),
});

/** The money a return gives back: store credit (the return's own) or a refund through the order's payment. */
async function findReturnRefund(
  db: Db,
  row: ReturnRow,
): Promise<{ kind: "payment" | "store_credit"; amount: number; status: NonNullable<ReturnDetail["refund"]>["status"] } | null> {
  const credit = await repository.findRefund(db, row.id);
  if (credit) return { kind: credit.kind, amount: credit.amount, status: credit.status };
  const refund = await findRefundBySource(db, returnRefundSource(row.id));
  return refund ? { kind: "payment", amount: refund.amount, status: refund.status } : null;
}

/** What the refund of a return is recorded for (payment_refunds.source): one refund per return. */
export function returnRefundSource(returnId: number): string {
  return `return:${returnId}`;
}

/** A return in full: its lines, its history as the customer may read it, and the money given back. */
async function toDetail(db: Db, row: ReturnRow): Promise<ReturnDetail> {
  // One statement at a time: `db` may be a transaction's single connection.
  const lines = await listReturnLinesAsOrdered(db, row.id);
  const history = await listTransitions(db, returnMachine.name, row.id);
  const refund = await findReturnRefund(db, row);
  const money = (amount: number) => ({ amount, currencyCode: row.currencyCode });
  return {
    ...toSummary(row),
    lines: lines.map((line) => ({ ...line, amount: money(line.amount) })),
    comment: row.comment,
    merchantNote: row.merchantNote,
    history: history.map((entry) => ({ from: entry.fromState, to: entry.toState as ReturnStatus, at: entry.createdAt.toISOString() })),
    refund: refund ? { ...refund, amount: money(refund.amount) } : null,
  };
}

/**
 * What returning `quantity` of a line gives back: its share of what was paid for the goods (the order's total
 * less delivery, so discounts and any tax added on top are shared out by line value), rounded down so that all
 * of an order's returns together never exceed what was paid. Delivery is not refunded, and neither is the tax
 * on it: where tax is added on top of prices (USD), the delivery's tax is taken out with the delivery; where
 * prices include tax, the delivery charge already holds its tax (decision 032).
 */
export function returnAmount(
  order: { subTotal: number; grandTotal: number; deliveryCharge: number; deliveryTax: number; pricesIncludeTax: boolean },
  line: { quantity: number; total: number },
  quantity: number,
): number {
  if (order.subTotal <= 0) return 0;
  const delivery = order.deliveryCharge + (order.pricesIncludeTax ? 0 : order.deliveryTax);
  const paidForGoods = Math.max(order.grandTotal - delivery, 0);
  return Math.floor((paidForGoods * line.total * quantity) / (line.quantity * order.subTotal));
}

/**
 * An order's lines (the orders module's), each with how many are already returned or on their way back (the
 * returns' own count, and the items withdrawn from). In a return's transaction the order is locked first, so the count is read after every
 * return decided before it has committed.
 */
async function listReturnableLines(db: Db, orderId: number) {
  // One statement at a time: `db` may be a transaction's single connection.
  const lines = await listOrderLineAmounts(db, orderId);
  const ids = lines.map((line) => line.id);
  const returned = await repository.listReturnedQuantities(db, ids);
  // Items withdrawn from (decision 061) are on their way back already: they cannot be returned as well.
  const withdrawn = new Map((await withdrawalsRepository.listWithdrawnQuantities(db, ids)).map((row) => [row.orderLineId, row.withdrawn]));
  const returnedByLine = new Map(returned.map((row) => [row.orderLineId, row.returned]));
  return lines.map((line) => ({ ...line, returned: (returnedByLine.get(line.id) ?? 0) + (withdrawn.get(line.id) ?? 0) }));
}

/** How many of each of an order's lines may still be returned: delivered, and not already in a return. */
export async function returnableQuantities(db: Db, orderId: number): Promise<Map<number, number>> {
  const lines = await listReturnableLines(db, orderId);
  return new Map(lines.map((line) => [line.id, Math.max(line.quantity - line.returned, 0)]));
}

/** Asks to return lines of one of the customer's delivered orders. */
export function createReturn(db: Db, ctx: CustomerReturnContext, body: CreateReturnBody, now = new Date()): Promise<ReturnDetail> {
  return db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, { storeId: ctx.storeId, customerId: ctx.customerId, orderId: body.orderId });
    if (!order) throw new AppError("order_not_found", { field: "body.orderId" });
    if (order.status !== "delivered" || !order.deliveredAt) {
      throw new AppError("order_not_returnable", "Only a delivered order's items can be returned", { field: "body.orderId" });
    }
    if (now.getTime() - order.deliveredAt.getTime() > RETURN_WINDOW_DAYS * DAY_MS) {
      throw new AppError("order_not_returnable", `Items can be returned within ${RETURN_WINDOW_DAYS} days of delivery`, {
        field: "body.orderId",
      });
    }
    const orderLines = new Map((await listReturnableLines(tx, order.id)).map((line) => [line.id, line]));
    const lines = body.lines.map((input, index) => {
      const line = orderLines.get(input.orderLineId);
      if (!line) throw new AppError("invalid_input", "This item is not part of the order", { field: `body.lines.${index}.orderLineId` });
      const returnable = line.quantity - line.returned;
      if (input.quantity > returnable) {
        throw new AppError(
          "return_quantity_exceeded",
          returnable === 0 ? "This item has already been returned" : `At most ${returnable} of this item can be returned`,
          { field: `body.lines.${index}.quantity` },
        );
      }
      return { orderLineId: line.id, quantity: input.quantity, amount: returnAmount(order, line, input.quantity) };
    });
    const returnId = await repository.insertReturn(tx, {
      publicId: `RMA-${await repository.nextReturnNumber(tx)}`,
      storeId: ctx.storeId,
      orderId: order.id,
      customerId: ctx.customerId,
      reason: body.reason,
      resolution: body.resolution,
      comment: body.comment ?? "",
      currencyCode: order.currencyCode,
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      lines,
    });
    return mailAndAnswer(tx, { storeId: ctx.storeId, storefrontUrl: ctx.storefrontUrl }, returnId);
  });
}

/** Reads the return again, queues the customer's email about its new status, and answers it. */
async function mailAndAnswer(
  tx: Db,
  ctx: { storeId: number; storefrontUrl: string },
  returnId: number,
): Promise<ReturnDetail & { customerId: number; email: string }> {
  const row = await findReturnRow(tx, { storeId: ctx.storeId, returnId });
  if (!row) throw returnNotFound();
  const detail = await toDetail(tx, row);
  const storeName = (await findStoreName(tx, ctx.storeId)) ?? "Quire";
  await enqueueMail(tx, {
    ...returnStatusMail({ storeId: ctx.storeId, storeName, storefrontUrl: ctx.storefrontUrl }, detail, row),
    orderId: row.orderId,
  });
  return { ...detail, customerId: row.customerId, email: row.email };
}

export async function listReturns(db: Db, ctx: Pick<CustomerReturnContext, "storeId" | "customerId">, query: ListReturnsQuery) {
  const page = await repository.listReturnsPage(db, {
    storeId: ctx.storeId,
    customerId: ctx.customerId,
    orderId: query.orderId,
    limit: query.PageSize,
    offset: (query.PageNumber - 1) * query.PageSize,
  });
  const { total } = page;
  const rows = await withOrderBuyers(db, page.rows);
  return {
    results: rows.map(toSummary),
    total,
    pageNumber: query.PageNumber,
    pageSize: query.PageSize,
    totalPages: Math.ceil(total / query.PageSize),
  };
}

/** One of the customer's returns; 404 for anyone else's. */
export async function getReturn(
  db: Db,
  ctx: Pick<CustomerReturnContext, "storeId" | "customerId">,
  returnId: number,
): Promise<ReturnDetail> {
  const row = await findReturnRow(db, { storeId: ctx.storeId, customerId: ctx.customerId, returnId });
  if (!row) throw returnNotFound();
  return toDetail(db, row);
}

// ---------------------------------------------------------------- the merchant

export async function listAdminReturns(
  db: Db,
  input: { storeId: number; status?: ReturnStatus; sort?: AdminReturnSort; PageNumber: number; PageSize: number },
) {
  const page = await repository.listReturnsPage(db, {
    storeId: input.storeId,
    status: input.status,
    oldestFirst: input.sort === "oldest",
    limit: input.PageSize,
    offset: (input.PageNumber - 1) * input.PageSize,
  });
  const { total } = page;
  const rows = await withOrderBuyers(db, page.rows);
  return {
    results: rows.map((row) => ({ ...toSummary(row), email: row.email })),
    total,
    pageNumber: input.PageNumber,
    pageSize: input.PageSize,
    totalPages: Math.ceil(total / input.PageSize),
  };
}

export async function getAdminReturn(db: Db, input: { storeId: number; returnId: number }) {
  const row = await findReturnRow(db, input);
  if (!row) throw returnNotFound();
  return { ...(await toDetail(db, row)), customerId: row.customerId, email: row.email };
}

/** A status change by the merchant, with the return locked: the change, its email, then the answer. */
function changeReturn(db: Db, ctx: AdminReturnContext, returnId: number, change: (tx: Db, row: repository.ReturnRecord) => Promise<void>) {
  return db.transaction(async (tx) => {
    const row = await repository.findReturn(tx, { storeId: ctx.storeId, returnId, lock: true });
    if (!row) throw returnNotFound();
    await change(tx, row);
    return mailAndAnswer(tx, ctx, returnId);
  });
}

const move = (tx: Db, ctx: AdminReturnContext, row: repository.ReturnRecord, to: ReturnStatus, reason: string) =>
  transition(tx, returnMachine, orderReturns, { entityId: row.id, from: row.status, to, actor: ctx.actor, reason });

/** The parcel has arrived. */
export function receiveReturn(db: Db, ctx: AdminReturnContext, returnId: number) {
  return changeReturn(db, ctx, returnId, (tx, row) => move(tx, ctx, row, "received", "parcel received"));
}

/** Refuses the return, with a note the customer reads. */
export function rejectReturn(db: Db, ctx: AdminReturnContext, returnId: number, note: string) {
  return changeReturn(db, ctx, returnId, async (tx, row) => {
    await move(tx, ctx, row, "rejected", "rejected by the merchant");
    await repository.setMerchantNote(tx, row.id, note);
  });
}

/**
 * Accepts a received return and settles what the shop settles itself: store credit (added at once), an exchange
 * (the merchant sends the replacement), or nothing to give back. A refund to the order's payment is the refund
 * flow's: the return stays approved, and `recordRefund` is called in the same transaction to record it, then
 * markReturnRefunded once the money has gone back.
 */
export function approveReturn(
  db: Db,
  ctx: AdminReturnContext,
  returnId: number,
  recordRefund: (tx: Db, row: repository.ReturnRecord) => Promise<void>,
) {
  return changeReturn(db, ctx, returnId, async (tx, row) => {
    await move(tx, ctx, row, "approved", "approved by the merchant");
    const approved = { ...row, status: "approved" as const };
    if (row.resolution === "exchange") {
      await move(tx, ctx, approved, "exchanged", "replacement sent");
      return;
    }
    if (row.resolution === "store_credit" || row.amount === 0) {
      if (row.amount > 0) {
        await repository.insertStoreCredit(tx, {
          customerId: row.customerId,
          currencyCode: row.currencyCode,
          amount: row.amount,
          returnId: row.id,
          note: `Return ${row.publicId}`,
        });
        const refund = await repository.insertRefund(tx, {
          returnId: row.id,
          paymentId: null,
          kind: "store_credit",
          amount: row.amount,
          currencyCode: row.currencyCode,
          idempotencyKey: `quire-return-${row.publicId}`,
        });
        await repository.markRefundSucceeded(tx, refund.id, null);
      }
      await move(tx, ctx, approved, row.resolution === "store_credit" ? "credited" : "refunded", "settled");
      return;
    }
    await recordRefund(tx, row);
  });
}

/**
 * The refund of an approved return has been paid (or is owed by the merchant's bank transfer): the return is
 * refunded and its customer mailed, in the refund's outcome transaction. Again: nothing changes.
 */
export async function markReturnRefunded(
  tx: Db,
  input: { storeId: number; returnId: number; actor: TransitionActor; storefrontUrl: string },
) {
  const row = await repository.findReturn(tx, { storeId: input.storeId, returnId: input.returnId, lock: true });
  if (!row || row.status !== "approved") return;
  await transition(tx, returnMachine, orderReturns, {
    entityId: row.id,
    from: "approved",
    to: "refunded",
    actor: input.actor,
    reason: "refunded to the order's payment",
  });
  await mailAndAnswer(tx, { storeId: input.storeId, storefrontUrl: input.storefrontUrl }, row.id);
}

/** How many of a store's returns are asked for or received and not yet approved or rejected. */
export const countReturnsToHandle = repository.countReturnsAwaitingDecision;
